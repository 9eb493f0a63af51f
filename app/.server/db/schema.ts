import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Site-wide switches: exactly one row (id 1), created by the first migration. */
export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    maintenance: integer("maintenance", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

export const weatherSources = [
  "weather",
  "lake_level",
  "water_temperature_north",
  "water_temperature_south",
] as const;

/**
 * The last good value of each source, with when it was measured and fetched. A row whose
 * data is null records attempts that never succeeded, so a new deploy fetches only once.
 */
export const weatherReadings = sqliteTable("weather_readings", {
  source: text("source", { enum: weatherSources }).primaryKey(),
  provider: text("provider"),
  /** JSON, validated again when read (app/.server/weather/store.ts). */
  data: text("data", { mode: "json" }),
  measuredAt: integer("measured_at", { mode: "timestamp_ms" }),
  fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }),
  attemptedAt: integer("attempted_at", { mode: "timestamp_ms" }).notNull(),
});
