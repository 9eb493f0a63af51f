import { HOUR_MS, MINUTE_MS } from "./durations.ts";
// Relative imports only: Node 24, workerd and the browser run this file as it is.

export const LAKE_TIME_ZONE = "Europe/Rome";

// An Intl format is slow to build and cheap to reuse.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function lakeDate(instant: number | Date, timeZone = LAKE_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

function offsetMs(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * MINUTE_MS;
}

// `wall` is a wall-clock time written as UTC (`Date.UTC(…)`): Italian sources omit the offset.
export function fromLakeTime(wall: number, timeZone = LAKE_TIME_ZONE): Date {
  // Twice: the first guess may sit on the other side of a DST change.
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone));
}

export function atLakeTime(day: string, time: string, timeZone = LAKE_TIME_ZONE): Date {
  return fromLakeTime(Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`), timeZone);
}

export function clockOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(instant)
    .replaceAll(":", "");
}

// Built on first use: the home page loads this file, and a format costs a phone tens of ms.
let wallClock: Intl.DateTimeFormat | undefined;

function wallClockOf(instant: number): string {
  wallClock ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: LAKE_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const parts = Object.fromEntries(
    wallClock.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

// The first of an hour shown twice (clocks going back) carries its offset: one address per slot.
export function lakeWallClock(instant: number): string {
  const wall = wallClockOf(instant);
  if (wallClockOf(instant + HOUR_MS) !== wall) return wall;
  const minutes = offsetMs(instant, LAKE_TIME_ZONE) / MINUTE_MS;
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${wall}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}
