import { Hono } from "hono";
import type { BuildAnswer } from "#app/shell/shell-api.ts";
import type { ApiEnv } from "./types.ts";

export const buildRoutes = new Hono<ApiEnv>().get("/", (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ buildId: __BUILD_ID__ } satisfies BuildAnswer);
});
