import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaLikes } from "../db/schema";

/** Exact under concurrency: one batch inserts the like and adds changes(), 0 when it existed. */
export async function likeMedia(
  db: Db,
  id: string,
  visitor: string,
  day: string,
): Promise<{ likes: number; added: boolean } | null> {
  const d1 = db.$client;
  const [inserted, , result] = await d1.batch<{ likes: number; published: number }>([
    d1
      .prepare(
        `insert into media_likes (media_id, visitor, day)
         select ?1, ?2, ?3 where exists (select 1 from media where id = ?1 and status = 'published')
         on conflict do nothing`,
      )
      .bind(id, visitor, day),
    d1.prepare("update media set like_count = like_count + changes() where id = ?1").bind(id),
    d1
      .prepare(
        "select like_count as likes, status = 'published' as published from media where id = ?1",
      )
      .bind(id),
  ]);
  const item = result?.results[0];
  return item?.published ? { likes: item.likes, added: (inserted?.meta.changes ?? 0) > 0 } : null;
}

export function purgeLikeRecords(db: Db, keepFrom: string) {
  return db.delete(mediaLikes).where(lt(mediaLikes.day, keepFrom));
}
