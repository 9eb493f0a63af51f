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

/** "2026-11-22T14:30" in lake time: a slot's address on the archive page. */
export function lakeWallClock(instant: number): string {
  const parts = Object.fromEntries(
    wallClock.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
