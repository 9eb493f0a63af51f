import { z } from "zod";
import type { Config } from "#app/.server/env.ts";
import type { WeatherReading } from "#app/features/weather/weather.ts";
import { lakeDate } from "#time/lake-time.ts";
import { openWeatherMapCondition } from "./conditions.ts";
import { fetchUpstreamJson, type Upstream } from "./upstream.ts";

const unixSeconds = z
  .number()
  .int()
  .transform((seconds) => new Date(seconds * 1000));
const condition = z
  .tuple([z.object({ id: z.number().int() })], z.unknown())
  .transform(([primary]) => openWeatherMapCondition(primary.id));
const windSpeed = z.number().transform((ms) => Math.round(ms * 3.6 * 10) / 10);

const responseSchema = z.object({
  current: z.object({
    dt: unixSeconds,
    sunrise: unixSeconds.optional(),
    sunset: unixSeconds.optional(),
    temp: z.number(),
    feels_like: z.number(),
    pressure: z.number(),
    humidity: z.number(),
    wind_speed: windSpeed,
    weather: condition,
    rain: z.object({ "1h": z.number() }).optional(),
    snow: z.object({ "1h": z.number() }).optional(),
  }),
  daily: z
    .array(
      z.object({
        dt: unixSeconds,
        sunrise: unixSeconds,
        sunset: unixSeconds,
        temp: z.object({ min: z.number(), max: z.number() }),
        feels_like: z.object({
          morn: z.number(),
          day: z.number(),
          eve: z.number(),
          night: z.number(),
        }),
        pressure: z.number(),
        humidity: z.number(),
        wind_speed: windSpeed,
        weather: condition,
        rain: z.number().optional(),
        snow: z.number().optional(),
      }),
    )
    .min(1),
});

/** One Call API 3.0: current weather and the daily forecast in one request. */
export async function fetchOpenWeatherMap(
  config: Config,
  upstream: Upstream,
  apiKey: string,
): Promise<{ measuredAt: Date; data: WeatherReading }> {
  const url = new URL(config.OPENWEATHERMAP_URL);
  url.searchParams.set("lat", String(config.CAMERA_LATITUDE));
  url.searchParams.set("lon", String(config.CAMERA_LONGITUDE));
  url.searchParams.set("exclude", "minutely,hourly,alerts");
  url.searchParams.set("units", "metric");
  url.searchParams.set("appid", apiKey);
  const { current, daily } = await fetchUpstreamJson(
    "openweathermap",
    upstream,
    responseSchema,
    url,
  );
  const isDay =
    !current.sunrise ||
    !current.sunset ||
    (current.dt >= current.sunrise && current.dt < current.sunset);
  return {
    measuredAt: current.dt,
    data: {
      current: {
        condition: current.weather,
        isDay,
        temperature: current.temp,
        feelsLike: current.feels_like,
        humidity: current.humidity,
        windSpeed: current.wind_speed,
        precipitation: (current.rain?.["1h"] ?? 0) + (current.snow?.["1h"] ?? 0),
        pressure: current.pressure,
      },
      days: daily.slice(0, 3).map((day) => {
        const feelsLike = Object.values(day.feels_like);
        return {
          date: lakeDate(day.dt.getTime()),
          condition: day.weather,
          temperatureMin: day.temp.min,
          temperatureMax: day.temp.max,
          feelsLikeMin: Math.min(...feelsLike),
          feelsLikeMax: Math.max(...feelsLike),
          humidity: day.humidity,
          windSpeed: day.wind_speed,
          precipitation: (day.rain ?? 0) + (day.snow ?? 0),
          pressure: day.pressure,
          sunrise: day.sunrise.toISOString(),
          sunset: day.sunset.toISOString(),
        };
      }),
    },
  };
}
