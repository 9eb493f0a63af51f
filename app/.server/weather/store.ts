import { z } from "zod";
import {
  conditionCodes,
  type WaterTemperature,
  type WeatherSnapshot,
  weatherProviders,
} from "~/lib/weather";
import type { Db } from "../db/client";
import { weatherReadings, type weatherSources } from "../db/schema";

export type WeatherSource = (typeof weatherSources)[number];
type Row = typeof weatherReadings.$inferSelect;

export type Measurement = { provider: string; measuredAt: Date; data: unknown };

// Rows are re-validated when read: a row written by an older deploy must not break a page.
const condition = z.enum(conditionCodes);
const weatherData = z.object({
  current: z.object({
    condition,
    isDay: z.boolean(),
    temperature: z.number(),
    feelsLike: z.number(),
    humidity: z.number(),
    windSpeed: z.number(),
    precipitation: z.number(),
    pressure: z.number(),
  }),
  days: z.array(
    z.object({
      date: z.string(),
      condition,
      temperatureMin: z.number(),
      temperatureMax: z.number(),
      feelsLikeMin: z.number(),
      feelsLikeMax: z.number(),
      humidity: z.number(),
      windSpeed: z.number(),
      precipitation: z.number(),
      pressure: z.number(),
      sunrise: z.string(),
      sunset: z.string(),
    }),
  ),
});
const lakeLevelData = z.object({ cm: z.number() });
const waterData = z.object({ celsius: z.number() });

/** Every source in one D1 round trip. */
export function readWeatherRows(db: Db): Promise<Row[]> {
  return db.select().from(weatherReadings).all();
}

export function toSnapshot(rows: Row[]): WeatherSnapshot {
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const good = <T>(source: WeatherSource, schema: z.ZodType<T>) => {
    const row = bySource.get(source);
    if (!row?.data || !row.measuredAt || !row.fetchedAt) return null;
    const data = schema.safeParse(row.data);
    if (!data.success) {
      console.error(`weather: stored ${source} no longer matches its schema`, data.error.issues);
      return null;
    }
    return {
      ...data.data,
      provider: row.provider,
      measuredAt: row.measuredAt.toISOString(),
      fetchedAt: row.fetchedAt.toISOString(),
    };
  };
  const weather = good("weather", weatherData);
  const provider = z.enum(weatherProviders).safeParse(weather?.provider);
  const lakeLevel = good("lake_level", lakeLevelData);
  const water = (source: WeatherSource): WaterTemperature | null => {
    const reading = good(source, waterData);
    return reading && { celsius: reading.celsius, measuredAt: reading.measuredAt };
  };
  return {
    weather:
      weather && provider.success
        ? {
            provider: provider.data,
            current: weather.current,
            days: weather.days,
            measuredAt: weather.measuredAt,
            fetchedAt: weather.fetchedAt,
          }
        : null,
    lakeLevel: lakeLevel && {
      cm: lakeLevel.cm,
      measuredAt: lakeLevel.measuredAt,
      fetchedAt: lakeLevel.fetchedAt,
    },
    waterTemperature: {
      north: water("water_temperature_north"),
      south: water("water_temperature_south"),
    },
  };
}

/**
 * Stores one refresh in a single batch: new values replace the old, failures only record
 * the attempt, so the last good value stays.
 */
export async function saveRefresh(
  db: Db,
  results: Array<{ source: WeatherSource; measurement: Measurement | null }>,
  now: Date,
): Promise<void> {
  const [first, ...rest] = results.map(({ source, measurement }) =>
    measurement ? upsertMeasurement(db, source, measurement, now) : recordAttempt(db, source, now),
  );
  if (first) await db.batch([first, ...rest]);
}

export async function saveMeasurement(
  db: Db,
  source: WeatherSource,
  measurement: Measurement,
  now: Date,
): Promise<void> {
  await upsertMeasurement(db, source, measurement, now);
}

function upsertMeasurement(db: Db, source: WeatherSource, m: Measurement, now: Date) {
  const values = {
    provider: m.provider,
    data: m.data,
    measuredAt: m.measuredAt,
    fetchedAt: now,
    attemptedAt: now,
  };
  return db
    .insert(weatherReadings)
    .values({ source, ...values })
    .onConflictDoUpdate({ target: weatherReadings.source, set: values });
}

function recordAttempt(db: Db, source: WeatherSource, now: Date) {
  return db
    .insert(weatherReadings)
    .values({ source, attemptedAt: now })
    .onConflictDoUpdate({ target: weatherReadings.source, set: { attemptedAt: now } });
}
