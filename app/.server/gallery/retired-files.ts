import { and, eq, gt, inArray, lte, type SQL } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { inList } from "#app/.server/db/in-list.ts";
import { media, retiredFiles } from "#app/.server/db/schema.ts";
import { syncPublicFiles } from "#app/.server/media-host/public-files.ts";
import { DAY_MS } from "#time/durations.ts";

/** A page open for a day still shows a re-run film's old poster; longer would keep the bytes. */
export const RETIRED_FILE_MS = DAY_MS;

/** A run deletes at most this many: a backlog goes over the next runs. */
const BATCH = 100;

const servedRetired = (which: SQL) =>
  and(which, eq(media.status, "published"), gt(retiredFiles.deleteAfter, new Date()));

/** A replaced file of a published item, until it is due; its content type, or null. */
export async function findRetiredFile(
  db: Db,
  key: string,
): Promise<{ contentType: string } | null> {
  const row = await db
    .select({ contentType: retiredFiles.contentType })
    .from(retiredFiles)
    .innerJoin(media, eq(media.id, retiredFiles.mediaId))
    .where(servedRetired(eq(retiredFiles.key, key)))
    .get();
  return row ?? null;
}

export const retiredFilesAmong = (db: Db, keys: string[]) =>
  db
    .select({ key: retiredFiles.key, contentType: retiredFiles.contentType })
    .from(retiredFiles)
    .innerJoin(media, eq(media.id, retiredFiles.mediaId))
    .where(servedRetired(inList(retiredFiles.key, keys)));

/** The objects go first: if R2 fails, the rows stay for the next run. */
export async function deleteDueRetiredFiles(scope: WorkerScope): Promise<void> {
  const { db } = scope;
  const due = await db
    .select({ key: retiredFiles.key })
    .from(retiredFiles)
    .where(lte(retiredFiles.deleteAfter, new Date()))
    .limit(BATCH);
  if (due.length === 0) return;
  const keys = due.map((row) => row.key);
  await scope.env.MEDIA.delete(keys);
  await db.delete(retiredFiles).where(inArray(retiredFiles.key, keys));
  await syncPublicFiles(scope, keys);
}
