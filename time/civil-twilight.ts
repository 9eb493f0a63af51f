import { getTimes } from "suncalc";
import { atLakeTime } from "./lake-time.ts";

/** Asked at local noon: SunCalc answers for the instant's solar day, which midnight may miss. */
export function civilTwilight(
  day: string,
  place: { latitude: number; longitude: number },
  timeZone?: string,
) {
  const { dawn, solarNoon, sunset, dusk } = getTimes(
    atLakeTime(day, "12:00", timeZone),
    place.latitude,
    place.longitude,
  );
  return { dawn, solarNoon, sunset, dusk };
}
