import type { StillWeather } from "#app/features/archive/stills.ts";
import type { WeatherSnapshot } from "#app/features/weather/weather.ts";
import { waterTemperatureView } from "#app/features/weather/weather-view.ts";
import { MINUTE_MS } from "#time/durations.ts";

/** A reading is "current" only when taken: a later-arriving still, or a reading this far off, gets none. */
export const WEATHER_MATCH_MS = 20 * MINUTE_MS;

export function weatherAt(
  snapshot: WeatherSnapshot | null,
  takenAt: number,
  now: number,
): StillWeather | null {
  const weather = snapshot?.weather;
  if (!snapshot || !weather || now - takenAt > WEATHER_MATCH_MS) return null;
  if (Math.abs(Date.parse(weather.measuredAt) - takenAt) > WEATHER_MATCH_MS) return null;
  const { condition, isDay, temperature, windSpeed } = weather.current;
  return {
    condition,
    isDay,
    temperature,
    windSpeed,
    waterTemperature: waterTemperatureView(snapshot, takenAt).average,
  };
}
