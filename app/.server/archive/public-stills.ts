import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { retiredStills, siteSettings, stills } from "#app/.server/db/schema.ts";
import { queuePurges, sendQueuedPurges } from "#app/.server/media-host/cache-purge.ts";
import { IMMUTABLE } from "#app/.server/media-host/public-files.ts";
import { publicUrl } from "#app/.server/media-host/public-url.ts";
import { saveSettings } from "#app/.server/settings.ts";
import { randomHex } from "#app/.server/uploads/upload-store.ts";
import { DAY_MS } from "#time/durations.ts";
import {
  type StillKeys,
  type StoredFile,
  stillContentType,
  stillKeyColumns,
  storedFiles,
  versionKey,
} from "./still-keys.ts";

/** Pages and `srcset`s rendered before a replacement name the old copies this long. */
export const RETIRED_STILL_MS = DAY_MS;

/** 128 random bits, new with each picture: copies are immutable, and no one can guess another's. */
export const newPublicId = () => randomHex(16);

/** The public key of a still's `version` (null: the still itself). */
export const publicStillKey = (publicId: string, version: StoredFile | null) =>
  `s/${publicId}/${version ?? "still"}.jpg`;

export function copiesOf(row: StillKeys, publicId: string) {
  return [
    { key: row.fileKey, version: null },
    ...storedFiles.map((version) => ({ key: versionKey(row, version), version })),
  ].flatMap(({ key, version }) =>
    key ? [{ key, publicKey: publicStillKey(publicId, version), version }] : [],
  );
}

export const putPublicCopy = (
  bucket: R2Bucket,
  publicKey: string,
  body: ReadableStream | Uint8Array,
  version: StoredFile | null,
) =>
  bucket.put(publicKey, body, {
    httpMetadata: { contentType: stillContentType(version), cacheControl: IMMUTABLE },
  });

/** In the batch that replaces or removes the stills `where` picks: their public copies go at `deleteAfter`. */
export const retirePublicCopies = (db: Db, where: SQL, deleteAfter: number) =>
  db
    .insert(retiredStills)
    .select(
      db
        .select({
          publicId: sql<string>`${stills.publicId}`.as("public_id"),
          deleteAfter: sql<Date>`${deleteAfter}`.as("delete_after"),
        })
        .from(stills)
        .where(and(where, isNotNull(stills.publicId))),
    )
    .onConflictDoNothing();

/** A run removes at most this many stills' copies: a backlog goes over the next runs. */
const REMOVALS_PER_RUN = 50;

/** Deletes the due copies and queues their URLs' purge; the rows stay if R2 fails. */
export async function removeRetiredStills(scope: WorkerScope): Promise<void> {
  const { db, env, config } = scope;
  const due = await db
    .select({ publicId: retiredStills.publicId })
    .from(retiredStills)
    .where(lte(retiredStills.deleteAfter, new Date()))
    .limit(REMOVALS_PER_RUN);
  if (due.length === 0) return;
  const listed = await Promise.all(
    due.map(({ publicId }) => env.PUBLIC_MEDIA.list({ prefix: `s/${publicId}/` })),
  );
  const keys = listed.flatMap((list) => list.objects.map((object) => object.key));
  // Queued before the delete: a failure after it still purges what may be cached.
  await queuePurges(
    scope,
    keys.map((key) => publicUrl(config.MEDIA_BASE_URL, key)),
  );
  if (keys.length > 0) await env.PUBLIC_MEDIA.delete(keys);
  await db.delete(retiredStills).where(
    inArray(
      retiredStills.publicId,
      due.map(({ publicId }) => publicId),
    ),
  );
  scope.ctx.waitUntil(sendQueuedPurges(scope));
}

async function copyStill(db: Db, env: Env, id: string, keys: StillKeys) {
  const publicId = newPublicId();
  const copies = copiesOf(keys, publicId);
  const publicKeys = copies.map((copy) => copy.publicKey);
  await Promise.all(
    copies.map(async ({ key, publicKey, version }) => {
      const object = await env.MEDIA.get(key);
      if (!object) throw new Error(`no stored object for ${key}`);
      await putPublicCopy(env.PUBLIC_MEDIA, publicKey, object.body, version);
    }),
  ).catch(async (error: unknown) => {
    await env.PUBLIC_MEDIA.delete(publicKeys);
    throw error;
  });
  // A slot replaced meanwhile has its own copies: these would show the picture it replaced.
  const named = await db
    .update(stills)
    .set({ publicId })
    .where(and(eq(stills.id, id), eq(stills.fileKey, keys.fileKey), isNull(stills.publicId)))
    .returning({ id: stills.id });
  if (named.length === 0) await env.PUBLIC_MEDIA.delete(publicKeys);
}

const BACKFILL_STILLS = 20;

/** Stills archived before the public bucket get copies a few a run, newest first; `public_id` only once they are there. */
export async function backfillPublicStills(scope: WorkerScope): Promise<void> {
  const { db, env } = scope;
  const setting = await db
    .select({ before: siteSettings.publicStillsBackfill })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  if (setting?.before?.getTime() === 0) return;
  const rows = await db
    .select({ id: stills.id, slot: stills.slot, ...stillKeyColumns })
    .from(stills)
    .where(
      and(isNull(stills.publicId), setting?.before ? lt(stills.slot, setting.before) : undefined),
    )
    .orderBy(desc(stills.slot))
    .limit(BACKFILL_STILLS);
  for (const { id, slot: _slot, ...keys } of rows) {
    await copyStill(db, env, id, keys).catch(async (error: unknown) => {
      // Deleted or replaced meanwhile, its files went with it; else one missing file is skipped.
      const current = await db
        .select({ id: stills.id })
        .from(stills)
        .where(and(eq(stills.id, id), eq(stills.fileKey, keys.fileKey)))
        .get();
      if (current) console.error(`media host: still ${id} not copied to the public bucket`, error);
    });
  }
  const next = rows.length < BACKFILL_STILLS ? new Date(0) : (rows.at(-1)?.slot ?? new Date(0));
  await saveSettings(db, { publicStillsBackfill: next });
}
