import { Hono } from "hono";
import type { BuildAnswer } from "#app/shell/shell-api.ts";
import type { ApiEnv } from "./types.ts";

/** Polled by open pages (hourly) to notice a deploy and reload on their next navigation. */
export const buildRoutes = new Hono<ApiEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ buildId: __BUILD_ID__ } satisfies BuildAnswer);
});
