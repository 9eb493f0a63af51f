import type { Db } from "#app/.server/db/client.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { networkId, utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { emptyBatch } from "#app/.server/statistics/count-batch.ts";
import { bufferCounts, heldInIsolate } from "#app/.server/statistics/isolate-counts.ts";

/** D1's likes plus this isolate's unwritten ones; whether this one is new is decided when D1 is written (ADR 030). */
export async function countLike(
  db: Db,
  id: string,
  network: string,
  day: string,
): Promise<{ count: number } | null> {
  const item = await db.$client
    .prepare(
      `select like_count as count, exists (select 1 from network_days, json_each(network_days.liked)
         where day = ?3 and network = ?2 and value = ?1) as counted
       from media where id = ?1 and status = 'published'`,
    )
    .bind(id, network, day)
    .first<{ count: number; counted: number }>();
  if (!item) return null;
  if (item.counted) return { count: item.count };
  const counts = emptyBatch();
  counts.likes.push(JSON.stringify([day, id, network]));
  const handedOver = bufferCounts(db, counts);
  const count = item.count + heldInIsolate(id);
  await handedOver;
  return { count };
}

/** Opening a published item is its view (ADR 014): once a day per network, at most `limiter`'s a minute. */
export async function countView(
  db: Db,
  limiter: RateLimit,
  request: Request,
  id: string,
): Promise<void> {
  const network = clientNetwork(request);
  if (!(await limiter.limit({ key: `view:${network}` })).success) return;
  const day = utcDay();
  const counts = emptyBatch();
  counts.views.push(JSON.stringify([day, id, await networkId(db, network, day)]));
  await bufferCounts(db, counts);
}
