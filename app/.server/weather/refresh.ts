import type { Db } from "#app/.server/db/client.ts";
import type { Config } from "#app/.server/env.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { fetchNorthWaterTemperature } from "./appa-trento.ts";
import { fetchLakeLevel } from "./laghi-net.ts";
import { fetchOpenMeteo } from "./open-meteo.ts";
import { fetchOpenWeatherMap } from "./openweathermap.ts";
import { type Upstream, UpstreamError, upstreamFor } from "./upstream.ts";
import {
  type Measurement,
  readWeatherRows,
  saveRefresh,
  type WeatherSource,
} from "./weather-store.ts";

/** Every source but the south's water temperature, which the owner enters. */
export const FETCHED_SOURCES = [
  "weather",
  "lake_level",
  "water_temperature_north",
] as const satisfies WeatherSource[];
type FetchedSource = (typeof FETCHED_SOURCES)[number];

const fetchers: Record<
  FetchedSource,
  (config: Config, upstream: Upstream) => Promise<Measurement>
> = {
  weather: async (config, upstream) => {
    const key = config.OPENWEATHERMAP_API_KEY;
    return key
      ? { provider: "openweathermap", ...(await fetchOpenWeatherMap(config, upstream, key)) }
      : { provider: "open-meteo", ...(await fetchOpenMeteo(config, upstream)) };
  },
  lake_level: async (config, upstream) => ({
    provider: "laghi.net",
    ...(await fetchLakeLevel(config, upstream)),
  }),
  water_temperature_north: async (config, upstream) => ({
    provider: "appa-trento",
    ...(await fetchNorthWaterTemperature(config, upstream)),
  }),
};

/** A little under an hour, so the cron's jitter does not stretch it to 70 min. */
const LAKE_REFRESH_MS = 55 * MINUTE_MS;

/** A failing source keeps its last good value; never throws for an upstream's sake. */
export async function refreshSources(
  db: Db,
  config: Config,
  sources: readonly FetchedSource[],
  now = new Date(),
): Promise<void> {
  const upstream = upstreamFor(config);
  const results = await Promise.all(
    sources.map(async (source) => {
      try {
        return { source, measurement: await fetchers[source](config, upstream) };
      } catch (error) {
        // An upstream failing is expected: one line; anything else is our bug and keeps its stack.
        if (error instanceof UpstreamError) {
          console.warn(
            `weather: ${source} refresh failed, keeping the last good value: ${error.message}`,
          );
        } else {
          console.error(`weather: ${source} refresh failed, keeping the last good value`, error);
        }
        return { source, measurement: null };
      }
    }),
  );
  await saveRefresh(db, results, now);
}

export async function refreshDueSources(db: Db, config: Config): Promise<void> {
  const now = new Date();
  const rows = await readWeatherRows(db);
  const lastGood = new Map(rows.map((row) => [row.source, row.fetchedAt?.getTime() ?? 0]));
  const due = FETCHED_SOURCES.filter(
    (source) =>
      source === "weather" || now.getTime() - (lastGood.get(source) ?? 0) >= LAKE_REFRESH_MS,
  );
  await refreshSources(db, config, due, now);
}
