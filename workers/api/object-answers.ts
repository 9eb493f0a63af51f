import type { Context } from "hono";
import type { ApiEnv } from "./types";

/** A second is short against a 2 s segment and long against thousands of viewers' requests. */
const FRESH_MS = 1000;
/** Beyond this, nobody is served an answer however busy the refresh is. */
const STALE_MS = 2 * FRESH_MS;

/** Names this isolate is refreshing: its other requests meanwhile take the stale answer. */
const refreshing = new Set<string>();

type Kept<T> = { value: T; at: number };
export type Answer<T> = { value: T; source: "cache" | "object" };

/**
 * The camera object's answer as this location's cache holds it: however many viewers, the
 * object answers each location's isolates about once a second. `keep` decides what may be
 * shared; anything else replaces nothing and reaches the object every time.
 */
export async function askBriefly<T>(
  c: Context<ApiEnv>,
  name: string,
  ask: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<Answer<T>> {
  const cacheKey = new Request(new URL(`/api/stream/${name}`, c.req.url));
  const cache = await caches.open("stream-object");
  const cached = await cache.match(cacheKey);
  const now = Date.now();
  if (cached) {
    const kept = await cached.json<Kept<T>>();
    const age = now - kept.at;
    if (age < FRESH_MS || (refreshing.has(name) && age < STALE_MS)) {
      return { value: kept.value, source: "cache" };
    }
  }
  refreshing.add(name);
  try {
    const value = await ask();
    if (keep(value)) {
      const kept: Kept<T> = { value, at: now };
      const maxAge = STALE_MS / 1000;
      await cache.put(
        cacheKey,
        Response.json(kept, { headers: { "Cache-Control": `max-age=${maxAge}` } }),
      );
    } else if (cached) {
      await cache.delete(cacheKey);
    }
    return { value, source: "object" };
  } finally {
    refreshing.delete(name);
  }
}
