import { createMiddleware } from "hono/factory";
import { type AdminSession, readSession } from "#app/.server/auth/session.ts";
import { apiError } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

export type OwnerEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { session: AdminSession } };

export const requireOwner = createMiddleware<OwnerEnv>(async (c, next) => {
  const session = await readSession(c.req.raw, c.var);
  if (!session) return apiError(c, 401, "unauthorized", "Log in as the owner first");
  c.set("session", session);
  await next();
  // The owner's data never sits in a shared cache; a route may allow the owner's browser more.
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
});
