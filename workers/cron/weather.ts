import { getDb } from "~/.server/db/client";
import { getConfig } from "~/.server/env";
import { refreshDueSources } from "~/.server/weather/refresh";

export function refreshWeather(env: Env): Promise<void> {
  return refreshDueSources(getDb(env.DB), getConfig(env));
}
