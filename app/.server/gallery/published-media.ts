import { and, eq, or } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { inList } from "#app/.server/db/in-list.ts";
import { media } from "#app/.server/db/schema.ts";
import type { MediaRow } from "./public-item.ts";
import { findRetiredFile, retiredFilesAmong } from "./retired-files.ts";
import { servedFileColumns, servesFile } from "./served-files.ts";

export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

export async function getPublishedMedia(db: Db, id: string): Promise<MediaRow | null> {
  const row = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.status, "published")))
    .get();
  return row ?? null;
}

export async function findPublishedFile(
  db: Db,
  key: string,
): Promise<{ contentType: string } | null> {
  const row = await db
    .select({ fileKey: media.fileKey, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.status, "published"), servesFile(key)))
    .get();
  if (!row) return findRetiredFile(db, key);
  return { contentType: servedContentType(row, key) };
}

// A photo's smaller versions and video posters are always JPEG.
const servedContentType = (row: { fileKey: string; contentType: string }, key: string) =>
  row.fileKey === key ? row.contentType : "image/jpeg";

/** Which of `keys` visitors may get (a published item's versions, its retired ones), with types. */
export async function publishedFilesAmong(db: Db, keys: string[]): Promise<Map<string, string>> {
  const columns = Object.values(servedFileColumns);
  const [rows, retired] = await db.batch([
    db
      .select({ ...servedFileColumns, contentType: media.contentType })
      .from(media)
      .where(and(eq(media.status, "published"), or(...columns.map((c) => inList(c, keys))))),
    retiredFilesAmong(db, keys),
  ]);
  const wanted = new Set(keys);
  const served = new Map(retired.map((row) => [row.key, row.contentType]));
  for (const row of rows) {
    for (const column of Object.keys(servedFileColumns) as (keyof typeof servedFileColumns)[]) {
      const key = row[column];
      if (key && wanted.has(key)) served.set(key, servedContentType(row, key));
    }
  }
  return served;
}
