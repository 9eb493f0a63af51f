import { lakeDate } from "./weather-view";

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
  return lakeDate(takenAt.getTime()) === lakeDate(yesterday.getTime());
}
