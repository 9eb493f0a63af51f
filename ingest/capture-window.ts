import { getPosition, getTimes } from "suncalc";
import { atLakeTime } from "#time/lake-time.ts";

export type CaptureWindow = { day: string; dawn: Date; solarNoon: Date; dusk: Date };

export class NoCivilTwilightError extends Error {}

/** Asked at local noon: SunCalc answers for the instant's solar day, which midnight may miss. */
export function captureWindow(
  day: string,
  place: { latitude: number; longitude: number; timeZone: string },
): CaptureWindow {
  const noon = atLakeTime(day, "12:00", place.timeZone);
  const times = getTimes(noon, place.latitude, place.longitude);
  if (!times.dawn || !times.dusk) {
    const dark = getPosition(times.solarNoon, place.latitude, place.longitude).altitude < -6;
    throw new NoCivilTwilightError(
      `No civil dawn or dusk on ${day} at ${place.latitude}, ${place.longitude}: the sun ${
        dark ? "stays more than 6° below the horizon all day" : "never sinks 6° below the horizon"
      }, so the day has no capture window. Time-lapses need a place with a civil dawn and dusk.`,
    );
  }
  return { day, dawn: times.dawn, solarNoon: times.solarNoon, dusk: times.dusk };
}
