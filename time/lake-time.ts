import { HOUR_MS, MINUTE_MS } from "./durations.ts";
// Relative imports only: Node 24, workerd and the browser run this file as it is.

export const LAKE_TIME_ZONE = "Europe/Rome";

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

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function readOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * MINUTE_MS;
}

// Clocks change on a quarter hour of UTC, so one Intl reading holds for its quarter (issue 35).
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const offsets = new Map<string, number>();

function offsetMs(instant: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(instant / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = readOffsetMs(instant, timeZone);
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
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

const wallClockOf = (instant: number) =>
  new Date(instant + offsetMs(instant, LAKE_TIME_ZONE)).toISOString().slice(0, 16);

// The first of an hour shown twice (clocks going back) carries its offset: one address per slot.
export function lakeWallClock(instant: number): string {
  const wall = wallClockOf(instant);
  if (wallClockOf(instant + HOUR_MS) !== wall) return wall;
  const minutes = offsetMs(instant, LAKE_TIME_ZONE) / MINUTE_MS;
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${wall}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}
