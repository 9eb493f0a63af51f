import type { ConditionCode } from "#app/features/weather/weather.ts";

/** Oktas bands, as the spec's texts: few 1-2/8, scattered 3-4/8, broken 5-7/8, overcast 8/8. */
function skyCondition(cloudCover: number): ConditionCode {
  if (cloudCover < 11) return "clear_sky";
  if (cloudCover < 25) return "few_clouds";
  if (cloudCover < 51) return "scattered_clouds";
  if (cloudCover < 85) return "broken_clouds";
  return "overcast_clouds";
}

// WMO 0-3 only say "clear … overcast", so cloud cover tells the skies apart; fog seen 1 km or
// further is mist (https://open-meteo.com/en/docs#weather_variable_documentation).
export function openMeteoCondition(
  code: number,
  cloudCover: number,
  visibilityMetres?: number | null,
): ConditionCode {
  if (code <= 3) return skyCondition(cloudCover);
  if (code === 45 || code === 48) {
    return visibilityMetres != null && visibilityMetres >= 1000 ? "mist" : "fog";
  }
  if (code >= 51 && code <= 55) return "drizzle";
  if (code === 56 || code === 57 || code === 66 || code === 67) return "freezing_rain";
  if (code === 61 || code === 80) return "light_rain";
  if (code === 63 || code === 81) return "moderate_rain";
  if (code === 65 || code === 82) return "heavy_rain";
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return "snow";
  if (code >= 95) return "thunderstorm";
  return skyCondition(cloudCover);
}

/** OpenWeatherMap condition ids (https://openweathermap.org/weather-conditions). */
export function openWeatherMapCondition(id: number): ConditionCode {
  if (id >= 200 && id < 300) return "thunderstorm";
  if (id >= 300 && id < 400) return "drizzle";
  if (id === 511) return "freezing_rain";
  if (id === 500 || id === 520) return "light_rain";
  if (id === 501 || id === 521 || id === 531) return "moderate_rain";
  if (id >= 500 && id < 600) return "heavy_rain";
  if (id >= 600 && id < 700) return "snow";
  if (id === 741) return "fog";
  // Squalls and tornadoes are storms; the other 7xx (haze, smoke, dust) reduce visibility.
  if (id === 771 || id === 781) return "thunderstorm";
  if (id >= 700 && id < 800) return "mist";
  if (id === 801) return "few_clouds";
  if (id === 802) return "scattered_clouds";
  if (id === 803) return "broken_clouds";
  if (id === 804) return "overcast_clouds";
  return "clear_sky";
}
