import { getDb } from "~/.server/db/client";
import { getConfig } from "~/.server/env";
import { refreshDueSources } from "~/.server/weather/refresh";

/** Every ten minutes: the weather, and the lake data when they are due. */
export function refreshWeather(env: Env): Promise<void> {
  return refreshDueSources(getDb(env.DB), getConfig(env));
}
