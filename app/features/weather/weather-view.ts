import { addDays } from "#time/calendar-day.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#time/durations.ts";
import { lakeDate } from "#time/lake-time.ts";
import type {
  CurrentWeather,
  DailyWeather,
  WaterTemperature,
  WeatherProvider,
  WeatherSnapshot,
} from "./weather.ts";

/** The cron refreshes every 10 minutes: three missed refreshes make the weather stale. */
const WEATHER_STALE_AFTER_MS = 30 * MINUTE_MS;
/** Beyond this, "current" conditions and "today" mislead more than they help. */
const WEATHER_EXPIRES_AFTER_MS = 6 * HOUR_MS;
/** laghi.net publishes about once a day; weekends and holidays can skip a day. */
export const LAKE_LEVEL_STALE_AFTER_MS = 3 * DAY_MS;
export const WATER_TEMPERATURE_FRESH_FOR_MS = 7 * DAY_MS;

export const LAKE_LEVEL_ZERO_M_ASL = 64.027;

export const TYPICAL_WATER_TEMPERATURE = [8, 7, 8, 11, 15, 20, 23, 24, 21, 17, 13, 10] as const;

export type WeatherView =
  | { state: "unavailable" }
  | {
      state: "loaded" | "stale";
      provider: WeatherProvider;
      measuredAt: string;
      fetchedAt: string;
      current: CurrentWeather;
      today: DailyWeather | undefined;
      tomorrow: DailyWeather | undefined;
    };

export function weatherView(snapshot: WeatherSnapshot, now: number): WeatherView {
  const weather = snapshot.weather;
  if (!weather) return { state: "unavailable" };
  const age = now - Date.parse(weather.fetchedAt);
  if (age > WEATHER_EXPIRES_AFTER_MS) return { state: "unavailable" };
  const today = lakeDate(now);
  const tomorrow = addDays(today, 1);
  return {
    state: age > WEATHER_STALE_AFTER_MS ? "stale" : "loaded",
    provider: weather.provider,
    measuredAt: weather.measuredAt,
    fetchedAt: weather.fetchedAt,
    current: weather.current,
    today: weather.days.find((day) => day.date === today),
    tomorrow: weather.days.find((day) => day.date === tomorrow),
  };
}

export type LakeLevelView =
  | { state: "unavailable" }
  | { state: "loaded" | "stale"; cm: number; metresAboveSeaLevel: number; measuredAt: string };

export function lakeLevelView(snapshot: WeatherSnapshot, now: number): LakeLevelView {
  const level = snapshot.lakeLevel;
  if (!level) return { state: "unavailable" };
  const stale = now - Date.parse(level.measuredAt) > LAKE_LEVEL_STALE_AFTER_MS;
  return {
    state: stale ? "stale" : "loaded",
    cm: level.cm,
    metresAboveSeaLevel: lakeLevelAboveSeaLevel(level.cm),
    measuredAt: level.measuredAt,
  };
}

export function lakeLevelAboveSeaLevel(cm: number): number {
  return Math.round((LAKE_LEVEL_ZERO_M_ASL + cm / 100) * 1000) / 1000;
}

export type WaterEnd =
  | { kind: "measured"; celsius: number; measuredAt: string }
  | { kind: "typical"; celsius: number; month: number };

export type WaterTemperatureView = {
  north: WaterEnd;
  south: WaterEnd;
  average: number | null;
};

export function waterTemperatureView(snapshot: WeatherSnapshot, now: number): WaterTemperatureView {
  const month = lakeMonth(now);
  const end = (reading: WaterTemperature | null): WaterEnd =>
    reading && now - Date.parse(reading.measuredAt) <= WATER_TEMPERATURE_FRESH_FOR_MS
      ? { kind: "measured", celsius: reading.celsius, measuredAt: reading.measuredAt }
      : { kind: "typical", celsius: typicalWaterTemperature(month), month };
  const north = end(snapshot.waterTemperature.north);
  const south = end(snapshot.waterTemperature.south);
  const average =
    north.kind === "measured" && south.kind === "measured"
      ? Math.round(((north.celsius + south.celsius) / 2) * 10) / 10
      : null;
  return { north, south, average };
}

function typicalWaterTemperature(month: number): number {
  return TYPICAL_WATER_TEMPERATURE[(month - 1 + 12) % 12] ?? 0;
}

function lakeMonth(instant: number): number {
  return Number(lakeDate(instant).slice(5, 7));
}
