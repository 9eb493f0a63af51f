/** A second is short against a 2 s segment and long against thousands of viewers' requests. */
const FRESH_MS = 1000;
const STALE_MS = 2 * FRESH_MS;

/** Names this isolate is refreshing: its other requests meanwhile take the stale answer. */
const refreshing = new Set<string>();

type Kept<T> = { value: T; at: number };

const CACHE = "stream-object";
const cacheKey = (url: string, name: string) => new Request(new URL(`/api/stream/${name}`, url));
export type Answer<T> = { value: T; source: "cache" | "object" };

/** However many viewers, the camera object answers each location about once a second. */
export async function askBriefly<T>(
  url: string,
  name: string,
  ask: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<Answer<T>> {
  const key = cacheKey(url, name);
  const cache = await caches.open(CACHE);
  const cached = await cache.match(key);
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
        key,
        Response.json(kept, { headers: { "Cache-Control": `max-age=${maxAge}` } }),
      );
    } else if (cached) {
      await cache.delete(key);
    }
    return { value, source: "object" };
  } finally {
    refreshing.delete(name);
  }
}

/** After a change this location must see at once (other locations within `STALE_MS`). */
export async function forgetAnswer(url: string, name: string) {
  await (await caches.open(CACHE)).delete(cacheKey(url, name));
}
