import { lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { mediaLikes, mediaViews } from "#app/.server/db/schema.ts";
import { purgeSalts, utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { emptyBatch } from "#app/.server/statistics/count-batch.ts";
import { bufferCounts, heldInIsolate } from "#app/.server/statistics/isolate-counts.ts";

/** What a visitor's action adds to: its record of the day and the item's counter. */
const counters = {
  like: { records: "media_likes", counter: "like_count", held: "likes" },
  view: { records: "media_views", counter: "view_count", held: "views" },
} as const;

/**
 * The item's count with this visitor's action in it: D1's, plus what this isolate holds when
 * D1 does not have theirs yet. Whether it is new is decided when D1 is written (ADR 014).
 */
export async function countOnceADay(
  db: Db,
  action: keyof typeof counters,
  id: string,
  visitor: string,
  day: string,
): Promise<{ count: number } | null> {
  const { records, counter, held } = counters[action];
  const item = await db.$client
    .prepare(
      `select ${counter} as count, exists (select 1 from ${records} where media_id = ?1 and visitor = ?2) as counted
       from media where id = ?1 and status = 'published'`,
    )
    .bind(id, visitor)
    .first<{ count: number; counted: number }>();
  if (!item) return null;
  if (item.counted) return { count: item.count };
  const counts = emptyBatch();
  counts[held].push(JSON.stringify([day, id, visitor]));
  const handedOver = bufferCounts(db, counts);
  const count = item.count + heldInIsolate(held, id);
  await handedOver;
  return { count };
}

/** Earlier days' likes, views and salts go together: no one can be traced from them afterwards. */
export async function purgeEarlierVisitors(db: Db, today = utcDay()): Promise<void> {
  await db.batch([
    db.delete(mediaLikes).where(lt(mediaLikes.day, today)),
    db.delete(mediaViews).where(lt(mediaViews.day, today)),
    purgeSalts(db, today),
  ]);
}
