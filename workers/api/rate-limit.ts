import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { apiError } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

type Limiter = { [K in keyof Env]: Env[K] extends RateLimit ? K : never }[keyof Env];

export function rateLimit<E extends ApiEnv>(limiter: Limiter, keyOf: (c: Context<E>) => string) {
  return createMiddleware<E>(async (c, next) => {
    const { success } = await c.env[limiter].limit({ key: keyOf(c) });
    if (!success)
      return apiError(c, 429, "rate_limited", "Too many requests, try again in a minute");
    await next();
  });
}
