import { getPosition } from "suncalc";
import { civilTwilight } from "#time/civil-twilight.ts";

export type CaptureWindow = { day: string; dawn: Date; solarNoon: Date; dusk: Date };

export class NoCivilTwilightError extends Error {}

export function captureWindow(
  day: string,
  place: { latitude: number; longitude: number; timeZone: string },
): CaptureWindow {
  const times = civilTwilight(day, place, place.timeZone);
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
