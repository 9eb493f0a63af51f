import type { z } from "zod/mini";
import type { Db } from "#app/.server/db/client.ts";
import { weatherReadings, type weatherSources } from "#app/.server/db/schema.ts";
import { type WeatherSnapshot, weatherSnapshot } from "#app/features/weather/weather.ts";

export type WeatherSource = (typeof weatherSources)[number];
type Row = typeof weatherReadings.$inferSelect;

export type Measurement = { provider: string; measuredAt: Date; data: unknown };

export function readWeatherRows(db: Db): Promise<Row[]> {
  return db.select().from(weatherReadings).all();
}

export function toSnapshot(rows: Row[]): WeatherSnapshot {
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const { weather, lakeLevel, waterTemperature } = weatherSnapshot.shape;
  // Rows are re-validated when read: a row written by an older deploy must not break a page.
  const read = <T>(source: WeatherSource, schema: z.ZodMiniType<T>): T | null => {
    const row = bySource.get(source);
    if (typeof row?.data !== "object" || !row.measuredAt || !row.fetchedAt) return null;
    const value = schema.safeParse({
      ...row.data,
      provider: row.provider,
      measuredAt: row.measuredAt.toISOString(),
      fetchedAt: row.fetchedAt.toISOString(),
    });
    if (value.success) return value.data;
    console.error(`weather: stored ${source} no longer matches its schema`, value.error.issues);
    return null;
  };
  return {
    weather: read("weather", weather),
    lakeLevel: read("lake_level", lakeLevel),
    waterTemperature: {
      north: read("water_temperature_north", waterTemperature.shape.north),
      south: read("water_temperature_south", waterTemperature.shape.south),
    },
  };
}

/** Failures only record the attempt, so the last good value stays. */
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
