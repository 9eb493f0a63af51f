import { getDb } from "#app/.server/db/client.ts";
import { getConfig } from "#app/.server/env.ts";
import { refreshDueSources } from "#app/.server/weather/refresh.ts";

export function refreshWeather(env: Env): Promise<void> {
  return refreshDueSources(getDb(env.DB), getConfig(env));
}
