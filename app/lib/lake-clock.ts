// The archive's addresses. Node scripts (the demo seed) and the journeys load this file as it
// is, outside Vite: no imports.

/** The same zone as LAKE_TIME_ZONE in ./format.ts, which they cannot load. */
const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Rome",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

const HOUR_MS = 3_600_000;

function wallClockOf(instant: number): string {
  const parts = Object.fromEntries(
    wallClock.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * "2026-11-22T14:30" in lake time: a slot's address on the archive page. In the hour the
 * clocks go back, the wall clock comes twice; the first pass carries its offset
 * ("2026-10-25T02:30+02:00"), so every slot has an address of its own.
 */
export function lakeWallClock(instant: number): string {
  const wall = wallClockOf(instant);
  if (wallClockOf(instant + HOUR_MS) !== wall) return wall;
  const minutes = (Date.parse(`${wall}:00Z`) - (instant - (instant % 60_000))) / 60_000;
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${wall}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}
