import { z } from "zod";
import type { Config } from "#app/.server/env.ts";
import type { DailyWeather, WeatherReading } from "#app/features/weather/weather.ts";
import { LAKE_TIME_ZONE } from "#time/lake-time.ts";
import { openMeteoCondition } from "./conditions.ts";
import { lakeTime } from "./parse-lake-time.ts";
import { fetchUpstreamJson, type Upstream, UpstreamError } from "./upstream.ts";

const CURRENT = [
  "temperature_2m",
  "apparent_temperature",
  "relative_humidity_2m",
  "precipitation",
  "weather_code",
  "cloud_cover",
  "pressure_msl",
  "wind_speed_10m",
  "visibility",
  "is_day",
] as const;

const DAILY = [
  "weather_code",
  "cloud_cover_mean",
  "temperature_2m_max",
  "temperature_2m_min",
  "apparent_temperature_max",
  "apparent_temperature_min",
  "relative_humidity_2m_mean",
  "precipitation_sum",
  "pressure_msl_mean",
  "wind_speed_10m_max",
  "sunrise",
  "sunset",
] as const;
const DAILY_FIELDS = ["time", ...DAILY] as const;

const currentSchema = z.object({
  time: lakeTime,
  temperature_2m: z.number(),
  apparent_temperature: z.number(),
  relative_humidity_2m: z.number(),
  precipitation: z.number(),
  weather_code: z.number().int(),
  cloud_cover: z.number(),
  pressure_msl: z.number(),
  wind_speed_10m: z.number(),
  visibility: z.number().nullish(),
  is_day: z.union([z.literal(0), z.literal(1)]),
});

const daySchema = z.object({
  time: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  weather_code: z.number().int(),
  cloud_cover_mean: z.number(),
  temperature_2m_max: z.number(),
  temperature_2m_min: z.number(),
  apparent_temperature_max: z.number(),
  apparent_temperature_min: z.number(),
  relative_humidity_2m_mean: z.number(),
  precipitation_sum: z.number(),
  pressure_msl_mean: z.number(),
  wind_speed_10m_max: z.number(),
  sunrise: lakeTime,
  sunset: lakeTime,
});

const responseSchema = z.object({
  timezone: z.literal(LAKE_TIME_ZONE),
  current: currentSchema,
  // Columns: daily.time[i] is the day whose values sit at index i of every other column.
  daily: z.record(z.string(), z.array(z.unknown())),
});

/** Current weather and three days (today, tomorrow and a spare for just after midnight). */
export async function fetchOpenMeteo(
  config: Config,
  upstream: Upstream,
): Promise<{ measuredAt: Date; data: WeatherReading }> {
  const url = new URL(config.OPEN_METEO_URL);
  url.searchParams.set("latitude", String(config.CAMERA_LATITUDE));
  url.searchParams.set("longitude", String(config.CAMERA_LONGITUDE));
  url.searchParams.set("current", CURRENT.join(","));
  url.searchParams.set("daily", DAILY.join(","));
  url.searchParams.set("timezone", LAKE_TIME_ZONE);
  url.searchParams.set("forecast_days", "3");
  url.searchParams.set("wind_speed_unit", "kmh");
  const body = await fetchUpstreamJson("open-meteo", upstream, responseSchema, url);

  const { current, daily } = body;
  // A model without data leaves nulls, mostly at the forecast's end: that day is left out.
  const days = (daily.time ?? []).flatMap((_, i): DailyWeather[] => {
    const row = Object.fromEntries(DAILY_FIELDS.map((name) => [name, daily[name]?.[i]]));
    const day = daySchema.safeParse(row);
    return day.success ? [toDay(day.data)] : [];
  });
  if (days.length === 0) throw new UpstreamError("open-meteo: no complete day in the forecast");

  return {
    measuredAt: current.time,
    data: {
      current: {
        condition: openMeteoCondition(
          current.weather_code,
          current.cloud_cover,
          current.visibility,
        ),
        isDay: current.is_day === 1,
        temperature: current.temperature_2m,
        feelsLike: current.apparent_temperature,
        humidity: current.relative_humidity_2m,
        windSpeed: current.wind_speed_10m,
        precipitation: current.precipitation,
        pressure: current.pressure_msl,
      },
      days,
    },
  };
}

function toDay(day: z.infer<typeof daySchema>): DailyWeather {
  return {
    date: day.time,
    condition: openMeteoCondition(day.weather_code, day.cloud_cover_mean),
    temperatureMin: day.temperature_2m_min,
    temperatureMax: day.temperature_2m_max,
    feelsLikeMin: day.apparent_temperature_min,
    feelsLikeMax: day.apparent_temperature_max,
    humidity: day.relative_humidity_2m_mean,
    windSpeed: day.wind_speed_10m_max,
    precipitation: day.precipitation_sum,
    pressure: day.pressure_msl_mean,
    sunrise: day.sunrise.toISOString(),
    sunset: day.sunset.toISOString(),
  };
}
