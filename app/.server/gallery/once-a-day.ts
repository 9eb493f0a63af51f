import type { Db } from "#app/.server/db/client.ts";
import { emptyBatch } from "#app/.server/statistics/count-batch.ts";
import { bufferCounts, heldInIsolate } from "#app/.server/statistics/isolate-counts.ts";

/** What a network's action adds to: its day's set (`network_days`) and the item's counter. */
const counters = {
  like: { set: "liked", counter: "like_count", held: "likes" },
  view: { set: "viewed", counter: "view_count", held: "views" },
} as const;

/**
 * The item's count with this network's action in it: D1's, plus what this isolate holds when
 * D1 does not have theirs yet. Whether it is new is decided when D1 is written (ADR 014).
 */
export async function countOnceADay(
  db: Db,
  action: keyof typeof counters,
  id: string,
  network: string,
  day: string,
): Promise<{ count: number } | null> {
  const { set, counter, held } = counters[action];
  const item = await db.$client
    .prepare(
      `select ${counter} as count, exists (select 1 from network_days, json_each(network_days.${set})
         where day = ?3 and network = ?2 and value = ?1) as counted
       from media where id = ?1 and status = 'published'`,
    )
    .bind(id, network, day)
    .first<{ count: number; counted: number }>();
  if (!item) return null;
  if (item.counted) return { count: item.count };
  const counts = emptyBatch();
  counts[held].push(JSON.stringify([day, id, network]));
  const handedOver = bufferCounts(db, counts);
  const count = item.count + heldInIsolate(held, id);
  await handedOver;
  return { count };
}
