import type { Context } from "hono";

/** The visitor's address as Cloudflare saw it; local runs have none. */
export function clientAddress(c: Context): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}
