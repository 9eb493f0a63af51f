import { LAKE_TIME_ZONE } from "./format";

/** The calendar day of a moment at the lake, as YYYY-MM-DD. */
function lakeDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: LAKE_TIME_ZONE }).format(date);
}

export type TimelapseLength = { unit: "minutes" | "seconds"; value: number };

/**
 * How long a time-lapse runs, the way the spec's entries say it: whole minutes from two
 * minutes up ("in 3 minutes"), otherwise seconds ("in 150 seconds").
 */
export function timelapseLength(durationSeconds: number): TimelapseLength {
  const seconds = Math.round(durationSeconds);
  return seconds >= 120 && seconds % 60 === 0
    ? { unit: "minutes", value: seconds / 60 }
    : { unit: "seconds", value: seconds };
}

/** Whether the time-lapse shows yesterday (at the lake), seen from `now`. */
export function isYesterday(takenAt: Date, now: Date): boolean {
  const yesterday = new Date(now.getTime() - 86_400_000);
  return lakeDay(takenAt) === lakeDay(yesterday);
}
