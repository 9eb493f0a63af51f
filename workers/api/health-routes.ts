import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { HealthAnswer } from "#app/shell/shell-api.ts";
import type { ApiEnv } from "./types.ts";

export const healthRoutes = new Hono<ApiEnv>().get("/", async (c) => {
  c.header("Cache-Control", "no-store");
  try {
    await c.var.db.run(sql`select 1`);
    return c.json({ status: "ok", build: __BUILD_ID__, db: "ok" } satisfies HealthAnswer);
  } catch (error) {
    console.error("health: D1 check failed", error);
    const answer: HealthAnswer = { status: "degraded", build: __BUILD_ID__, db: "unreachable" };
    return c.json(answer, 503);
  }
});
