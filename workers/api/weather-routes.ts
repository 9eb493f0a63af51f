import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import { getWeatherSnapshot } from "#app/.server/weather/snapshot.ts";
import { saveMeasurement } from "#app/.server/weather/weather-store.ts";
import { SOUTH_READING_SKEW_MS } from "#app/features/weather/south-reading.ts";
import { DAY_MS } from "#time/durations.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import { requireOwner } from "./require-owner.ts";
import type { ApiEnv } from "./types.ts";

/** Browsers and the edge may reuse a snapshot this long; it changes every ten minutes at most. */
export const WEATHER_CACHE_SECONDS = 60;

const southReading = z.object({
  celsius: z.number().min(0).max(35),
  measuredAt: z.iso
    .datetime({ offset: true, message: "measuredAt must be an ISO 8601 date and time" })
    .transform((value) => new Date(value))
    // A few minutes of clock skew are fine; a date far away is a typo.
    .refine(
      (date) => date.getTime() <= Date.now() + SOUTH_READING_SKEW_MS,
      "measuredAt is in the future",
    )
    .refine((date) => date.getTime() >= Date.now() - 365 * DAY_MS, "measuredAt is over a year ago"),
});

export const weatherRoutes = new Hono<ApiEnv>()
  .get("/", etag(), async (c) => {
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
    // The panel judges the data's age by our clock, not the visitor's; workerd (as in local
    // runs) sends no Date of its own, Cloudflare's edge does.
    c.header("Date", new Date().toUTCString());
    return c.json(snapshot);
  })
  .put(
    "/water-temperature/south",
    requireOwner,
    zValidator("json", southReading, rejectInvalid(400, "invalid_water_temperature")),
    async (c) => {
      const { celsius, measuredAt } = c.req.valid("json");
      await saveMeasurement(
        c.var.db,
        "water_temperature_south",
        { provider: "owner", measuredAt, data: { celsius } },
        new Date(),
      );
      return c.json({ south: { celsius, measuredAt: measuredAt.toISOString() } });
    },
  );
