import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { likeSalts, media, mediaLikes } from "../db/schema";
import type { MediaRow } from "./public-item";

/** Ids are short random strings; anything else cannot exist. */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{6,32}$/;

/** A published item, or null: hidden items do not exist for visitors. */
export async function getPublishedMedia(db: Db, id: string): Promise<MediaRow | null> {
  const row = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.published, true)))
    .get();
  return row ?? null;
}

/** The content type of a published item's file or thumbnail, or null if not public. */
export async function findPublishedFile(
  db: Db,
  key: string,
): Promise<{ contentType: string } | null> {
  const row = await db
    .select({ fileKey: media.fileKey, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.published, true), or(eq(media.fileKey, key), eq(media.thumbnailKey, key))))
    .get();
  if (!row) return null;
  // Thumbnails and video posters are always JPEG.
  return { contentType: row.fileKey === key ? row.contentType : "image/jpeg" };
}

export async function recordView(db: Db, id: string): Promise<number | null> {
  const row = await db
    .update(media)
    .set({ viewCount: sql`${media.viewCount} + 1` })
    .where(and(eq(media.id, id), eq(media.published, true)))
    .returning({ views: media.viewCount })
    .get();
  return row?.views ?? null;
}

/**
 * One like per visitor and item per day, counted exactly under concurrency: the insert
 * and the increment run in one batch (one transaction), and the increment adds
 * changes(), which is 0 when this visitor's like already existed.
 */
export async function likeMedia(
  db: Db,
  id: string,
  visitor: string,
  day: string,
): Promise<{ likes: number } | null> {
  const d1 = db.$client;
  const [, , result] = await d1.batch<{ likes: number; published: number }>([
    d1
      .prepare(
        `insert into media_likes (media_id, visitor, day)
         select ?1, ?2, ?3 where exists (select 1 from media where id = ?1 and published = 1)
         on conflict do nothing`,
      )
      .bind(id, visitor, day),
    d1.prepare("update media set like_count = like_count + changes() where id = ?1").bind(id),
    d1.prepare("select like_count as likes, published from media where id = ?1").bind(id),
  ]);
  const item = result?.results[0];
  return item?.published ? { likes: item.likes } : null;
}

/** Today's salt for hashing visitors, created on first use; forgotten after a day. */
export async function dailySalt(db: Db, day: string): Promise<string> {
  const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  await db.insert(likeSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const row = await db.select().from(likeSalts).where(eq(likeSalts.day, day)).get();
  if (!row) throw new Error(`like salt for ${day} vanished`);
  return row.salt;
}

/** Drops the like records and salts of days before `keepFrom` (a YYYY-MM-DD day). */
export async function purgeLikeRecords(db: Db, keepFrom: string): Promise<void> {
  await db.batch([
    db.delete(mediaLikes).where(lt(mediaLikes.day, keepFrom)),
    db.delete(likeSalts).where(lt(likeSalts.day, keepFrom)),
  ]);
}
