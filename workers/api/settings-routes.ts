import { Hono } from "hono";
import { getPublicSettings, SETTINGS_CACHE_MS } from "#app/.server/settings.ts";
import type { PublicSettings } from "#app/shell/shell-api.ts";
import type { ApiEnv } from "./types.ts";

export const settingsRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  c.header("Cache-Control", `public, max-age=${SETTINGS_CACHE_MS / 1000}`);
  return c.json((await getPublicSettings(c.var.db)) satisfies PublicSettings);
});
