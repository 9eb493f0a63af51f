import { Hono } from "hono";
import { etag } from "hono/etag";
import { getWeatherSnapshot } from "#app/.server/weather/snapshot.ts";
import type { WeatherSnapshot } from "#app/features/weather/weather.ts";
import { apiError } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

const WEATHER_CACHE_SECONDS = 60;

export const weatherRoutes = new Hono<ApiEnv>().get("/", etag(), async (c) => {
  const { db, config } = c.var;
  // On an empty table this waits for the first fetch, which has its own timeout.
  const snapshot = await getWeatherSnapshot(
    { db, config, ctx: c.executionCtx },
    config.UPSTREAM_TIMEOUT_MS + 1000,
  );
  if (snapshot === "pending") {
    c.header("Retry-After", "5");
    return apiError(c, 503, "weather_pending", "The first weather fetch is still running");
  }
  c.header("Cache-Control", `public, max-age=${WEATHER_CACHE_SECONDS}`);
  // The panel judges age by our clock; workerd sends no Date of its own, the edge does.
  c.header("Date", new Date().toUTCString());
  return c.json(snapshot satisfies WeatherSnapshot);
});
