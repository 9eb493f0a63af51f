import { and, eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import type { MediaRow } from "./public-item.ts";
import { findRetiredFile } from "./retired-files.ts";
import { servesFile } from "./served-files.ts";

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
  // A photo's smaller versions and video posters are always JPEG.
  return { contentType: row.fileKey === key ? row.contentType : "image/jpeg" };
}
