import { z } from "zod/mini";

const conditionCodes = [
  "clear_sky",
  "few_clouds",
  "scattered_clouds",
  "broken_clouds",
  "overcast_clouds",
  "mist",
  "fog",
  "drizzle",
  "light_rain",
  "moderate_rain",
  "heavy_rain",
  "freezing_rain",
  "thunderstorm",
  "snow",
] as const;
export type ConditionCode = (typeof conditionCodes)[number];

const weatherProviders = ["open-meteo", "openweathermap"] as const;
export type WeatherProvider = (typeof weatherProviders)[number];

// zod/mini, loaded only with a fetch: the home page's JavaScript has a budget.
const condition = z.enum(conditionCodes);
const instant = z.iso.datetime();

/** °C, %, km/h, mm, hPa (sea level). */
export const currentWeather = z.object({
  condition,
  isDay: z.boolean(),
  temperature: z.number(),
  feelsLike: z.number(),
  humidity: z.number(),
  windSpeed: z.number(),
  precipitation: z.number(),
  pressure: z.number(),
});
export type CurrentWeather = z.infer<typeof currentWeather>;

const dailyWeather = z.object({
  date: z.iso.date(),
  condition,
  temperatureMin: z.number(),
  temperatureMax: z.number(),
  feelsLikeMin: z.number(),
  feelsLikeMax: z.number(),
  humidity: z.number(),
  windSpeed: z.number(),
  precipitation: z.number(),
  pressure: z.number(),
  sunrise: instant,
  sunset: instant,
});
export type DailyWeather = z.infer<typeof dailyWeather>;

const weatherReading = z.object({ current: currentWeather, days: z.array(dailyWeather) });
export type WeatherReading = z.infer<typeof weatherReading>;
const lakeLevelReading = z.object({ cm: z.number() });
const waterTemperatureReading = z.object({ celsius: z.number() });

const waterTemperature = z.extend(waterTemperatureReading, { measuredAt: instant });
export type WaterTemperature = z.infer<typeof waterTemperature>;

export const weatherSnapshot = z.object({
  weather: z.nullable(
    z.extend(weatherReading, {
      provider: z.enum(weatherProviders),
      measuredAt: instant,
      fetchedAt: instant,
    }),
  ),
  lakeLevel: z.nullable(z.extend(lakeLevelReading, { measuredAt: instant, fetchedAt: instant })),
  waterTemperature: z.object({
    north: z.nullable(waterTemperature),
    south: z.nullable(waterTemperature),
  }),
});
export type WeatherSnapshot = z.infer<typeof weatherSnapshot>;

export type WeatherPanelData =
  | { status: "ready"; snapshot: WeatherSnapshot; renderedAt: number }
  | { status: "pending" | "unavailable"; renderedAt: number };
