import { lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { mediaLikes, mediaViews } from "#app/.server/db/schema.ts";
import { purgeSalts, utcDay } from "#app/.server/pseudonyms/visitor-id.ts";

/** What a visitor's action adds to: its record of the day and the item's counter. */
const counters = {
  like: { records: "media_likes", counter: "like_count" },
  view: { records: "media_views", counter: "view_count" },
} as const;

/** Exact under concurrency: one batch inserts the record and adds changes(), 0 when it existed. */
export async function countOnceADay(
  db: Db,
  action: keyof typeof counters,
  id: string,
  visitor: string,
  day: string,
): Promise<{ count: number; added: boolean } | null> {
  const { records, counter } = counters[action];
  const d1 = db.$client;
  const [inserted, , result] = await d1.batch<{ count: number; published: number }>([
    d1
      .prepare(
        `insert into ${records} (media_id, visitor, day)
         select ?1, ?2, ?3 where exists (select 1 from media where id = ?1 and status = 'published')
         on conflict do nothing`,
      )
      .bind(id, visitor, day),
    d1.prepare(`update media set ${counter} = ${counter} + changes() where id = ?1`).bind(id),
    d1
      .prepare(
        `select ${counter} as count, status = 'published' as published from media where id = ?1`,
      )
      .bind(id),
  ]);
  const item = result?.results[0];
  return item?.published ? { count: item.count, added: (inserted?.meta.changes ?? 0) > 0 } : null;
}

/** Earlier days' likes, views and salts go together: no one can be traced from them afterwards. */
export async function purgeEarlierVisitors(db: Db, today = utcDay()): Promise<void> {
  await db.batch([
    db.delete(mediaLikes).where(lt(mediaLikes.day, today)),
    db.delete(mediaViews).where(lt(mediaViews.day, today)),
    purgeSalts(db, today),
  ]);
}
