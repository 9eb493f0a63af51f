import { and, asc, eq, gt } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import { media, siteSettings } from "#app/.server/db/schema.ts";
import { publishedFilesAmong } from "#app/.server/gallery/published-media.ts";
import { servedFileColumns, servedKeysOf } from "#app/.server/gallery/served-files.ts";
import { saveSettings } from "#app/.server/settings.ts";
import { queuePurges, sendQueuedPurges } from "./cache-purge.ts";
import { publicUrl } from "./public-url.ts";

/** Public keys are never reused for other bytes: caches may keep them for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** Published items' served versions are copied in; any other key's object is deleted and purged. */
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

const BACKFILL_ITEMS = 10;
/** Sorts after every item id: the cursor once every item published before has been copied. */
const BACKFILL_DONE = "~";

/** Items published before the public bucket get copies a few a run, before MEDIA_BASE_URL points at it (README). */
export async function backfillPublicFiles(scope: WorkerScope): Promise<void> {
  const { db } = scope;
  const setting = await db
    .select({ after: siteSettings.publicFilesBackfill })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  const after = setting?.after ?? "";
  const rows = await db
    .select({ id: media.id, ...servedFileColumns })
    .from(media)
    .where(and(eq(media.status, "published"), gt(media.id, after)))
    .orderBy(asc(media.id))
    .limit(BACKFILL_ITEMS);
  if (rows.length === 0 && after === BACKFILL_DONE) return;
  for (const { id, ...keys } of rows) {
    // One item's missing file must not hold back the others for good.
    await syncPublicFiles(scope, servedKeysOf([keys])).catch((error: unknown) =>
      console.error(`media host: item ${id} not copied to the public bucket`, error),
    );
  }
  const next = rows.length < BACKFILL_ITEMS ? BACKFILL_DONE : (rows.at(-1)?.id ?? after);
  await saveSettings(db, { publicFilesBackfill: next });
}
