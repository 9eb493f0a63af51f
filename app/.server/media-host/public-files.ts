import type { WorkerScope } from "#app/.server/context.ts";
import { publishedFilesAmong } from "#app/.server/gallery/published-media.ts";
import { queuePurges, sendQueuedPurges } from "./cache-purge.ts";
import { publicUrl } from "./public-url.ts";

/** Public keys are never reused for other bytes: caches may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Makes the public bucket agree with D1 for `keys`: a published item's served versions are
 * copied in; any other key's object is deleted and its URL's cached copies purged.
 */
export async function syncPublicFiles(scope: WorkerScope, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const { MEDIA, PUBLIC_MEDIA } = scope.env;
  const served = await publishedFilesAmong(scope.db, unique);
  const present = await Promise.all(unique.map((key) => PUBLIC_MEDIA.head(key)));
  const copies = unique.filter((key, i) => served.has(key) && !present[i]);
  const removals = unique.filter((key, i) => !served.has(key) && present[i]);

  await Promise.all(
    copies.map(async (key) => {
      const object = await MEDIA.get(key);
      if (!object) throw new Error(`media host: no stored object for ${key}`);
      await PUBLIC_MEDIA.put(key, object.body, {
        httpMetadata: { contentType: served.get(key), cacheControl: IMMUTABLE },
      });
    }),
  );
  if (removals.length === 0) return;
  const base = scope.config.MEDIA_BASE_URL;
  // Queued before the delete: a failure after it still purges what may be cached.
  await queuePurges(
    scope,
    removals.map((key) => publicUrl(base, key)),
  );
  await PUBLIC_MEDIA.delete(removals);
  scope.ctx.waitUntil(sendQueuedPurges(scope));
}
