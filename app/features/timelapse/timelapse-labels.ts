import { addDays } from "#time/calendar-day.ts";
import { LAKE_TIME_ZONE, lakeDate } from "#time/lake-time.ts";

export type TimelapseLength = { unit: "minutes" | "seconds"; value: number };

export function timelapseLength(durationSeconds: number): TimelapseLength {
  const seconds = Math.round(durationSeconds);
  return seconds >= 120 && seconds % 60 === 0
    ? { unit: "minutes", value: seconds / 60 }
    : { unit: "seconds", value: seconds };
}

export function isYesterday(takenAt: Date, now: Date): boolean {
  return lakeDate(takenAt.getTime()) === addDays(lakeDate(now.getTime()), -1);
}

/** The box renders yesterday's film at 01:00 and uploads it well before this hour. */
const TIMELAPSE_EXPECTED_BY_HOUR = 7;

const lakeHourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LAKE_TIME_ZONE,
  hour: "2-digit",
  hourCycle: "h23",
});

export function yesterdaysTimelapse(
  newestTimelapse: Date | null,
  now: Date,
): "arrived" | "rendering" | "late" {
  const yesterday = addDays(lakeDate(now.getTime()), -1);
  if (newestTimelapse && lakeDate(newestTimelapse.getTime()) >= yesterday) return "arrived";
  return Number(lakeHourFormat.format(now)) < TIMELAPSE_EXPECTED_BY_HOUR ? "rendering" : "late";
}
