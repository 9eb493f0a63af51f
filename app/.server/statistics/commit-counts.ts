import { OTHER_VALUE } from "#app/features/statistics/statistics-events.ts";
import { addCount, type CountBatch, counterKey } from "./count-batch.ts";

/** Rows a commit read and wrote, as D1 bills them (ADR 025). */
export type CommitRows = { rowsRead: number; rowsWritten: number };

/** Distinct visitors one network (an IPv4 address, an IPv6 /64) counts as a day, at most. */
const VISITORS_PER_NETWORK = 5;
/** Referring sites named a day; later ones count as one, so posted host names cannot grow the table. */
const MAX_SITES_PER_DAY = 100;

const parsed = <T>(keys: string[]) => keys.map((key) => JSON.parse(key) as T);
type Once = [day: string, mediaId: string, visitor: string];
type StoredVisitor = { visitor: string; network: string };

function rowsOf(results: D1Result[]): CommitRows {
  return results.reduce(
    (rows, { meta }) => ({
      rowsRead: rows.rowsRead + (meta.rows_read ?? 0),
      rowsWritten: rows.rowsWritten + (meta.rows_written ?? 0),
    }),
    { rowsRead: 0, rowsWritten: 0 },
  );
}

/** What D1 already has of the batch: the day's visitors of its networks, likes and views, items. */
async function known(d1: D1Database, batch: CountBatch) {
  if (batch.visitors.length + batch.likes.length + batch.views.length === 0) {
    const none = new Set<string>();
    return {
      visitors: new Map<string, StoredVisitor[]>(),
      likes: none,
      views: none,
      published: none,
      rows: rowsOf([]),
    };
  }
  const networksByDay = new Map<string, Set<string>>();
  for (const { day, network } of batch.visitors) {
    networksByDay.set(day, (networksByDay.get(day) ?? new Set()).add(network));
  }
  const onceRows = (table: string, keys: string[]) =>
    d1
      .prepare(
        `select media_id as mediaId, visitor from ${table} where (media_id, visitor) in
         (select value ->> 1, value ->> 2 from json_each(?1))`,
      )
      .bind(JSON.stringify(parsed<Once>(keys)));
  const items = [...new Set(parsed<Once>([...batch.likes, ...batch.views]).map(([, id]) => id))];
  const days = [...networksByDay];
  const results = await d1.batch<Record<string, string>>([
    ...days.map(([day, networks]) =>
      d1
        .prepare(
          `select visitor, network from analytics_visitors
           where day = ?1 and network in (select value from json_each(?2))`,
        )
        .bind(day, JSON.stringify([...networks])),
    ),
    onceRows("media_likes", batch.likes),
    onceRows("media_views", batch.views),
    d1
      .prepare(
        "select id from media where status = 'published' and id in (select value from json_each(?1))",
      )
      .bind(JSON.stringify(items)),
  ]);
  const [likes, views, published] = results.slice(days.length).map((r) => r.results);
  const pair = (row: Record<string, string>) => `${row.mediaId} ${row.visitor}`;
  return {
    visitors: new Map(
      days.map(([day], i) => [day, (results[i]?.results ?? []) as StoredVisitor[]]),
    ),
    likes: new Set(likes?.map(pair)),
    views: new Set(views?.map(pair)),
    published: new Set(published?.map((row) => row.id)),
    rows: rowsOf(results),
  };
}

/** Visitors new to their day, at most five per network with those D1 already has. */
function newVisitors(batch: CountBatch, stored: Map<string, StoredVisitor[]>) {
  const seen = new Map<string, Set<string>>();
  const perNetwork = new Map<string, number>();
  for (const [day, rows] of stored) {
    seen.set(day, new Set(rows.map((row) => row.visitor)));
    for (const row of rows) {
      const key = `${day} ${row.network}`;
      perNetwork.set(key, (perNetwork.get(key) ?? 0) + 1);
    }
  }
  return batch.visitors.filter(({ day, id, network }) => {
    const ids = seen.get(day) ?? new Set();
    const count = perNetwork.get(`${day} ${network}`) ?? 0;
    if (ids.has(id) || count >= VISITORS_PER_NETWORK) return false;
    seen.set(day, ids.add(id));
    perNetwork.set(`${day} ${network}`, count + 1);
    return true;
  });
}

const upsertCount = `on conflict (day, dimension, value) do update set count = count + excluded.count`;

/** A site's counter: named while the day names fewer than a hundred sites, else "Other sites". */
function siteCount(d1: D1Database, key: string, count: number) {
  const [day, dimension, host] = JSON.parse(key) as [string, string, string];
  return d1
    .prepare(
      `insert into analytics_counts (day, dimension, value, count)
       select ?1, ?2, case when exists (select 1 from analytics_counts where day = ?1 and dimension = ?2 and value = ?3)
         or (select count(*) from analytics_counts where day = ?1 and dimension = ?2) < ${MAX_SITES_PER_DAY}
         then ?3 else '${OTHER_VALUE}' end, ?4 where true ${upsertCount}`,
    )
    .bind(day, dimension, host, count);
}

/**
 * One StatsBuffer batch into D1: what is new is decided against what D1 has (the object is the
 * only writer of these counts, one commit at a time), then written in one D1 batch.
 */
export async function commitCounts(d1: D1Database, batch: CountBatch): Promise<CommitRows> {
  const stored = await known(d1, batch);
  const counters = { ...batch.counters };
  const sites = { ...batch.sites };
  const visitors = newVisitors(batch, stored.visitors);
  const buckets = new Map<string, Set<number>>();
  for (const { day, referrer } of visitors) {
    addCount(counters, counterKey(day, "visitors", ""));
    if (!referrer) continue;
    const key = counterKey(day, "referrer", referrer.host);
    addCount(sites, key);
    buckets.set(key, (buckets.get(key) ?? new Set()).add(referrer.bucket));
  }
  const once = (action: "likes" | "views") => {
    const added = new Map<string, Once[]>();
    for (const entry of parsed<Once>(batch[action])) {
      const [, id, visitor] = entry;
      if (!stored.published.has(id) || stored[action].has(`${id} ${visitor}`)) continue;
      added.set(id, [...(added.get(id) ?? []), entry]);
    }
    return added;
  };
  const likes = once("likes");
  for (const [, entries] of likes) {
    for (const [day] of entries) addCount(counters, counterKey(day, "event", "like"));
  }
  const counts = Object.entries(counters).map(([key, count]) => [...JSON.parse(key), count]);
  const records = (table: string, counter: string, added: Map<string, Once[]>) =>
    [...added].flatMap(([id, entries]) => [
      d1
        .prepare(
          `insert into ${table} (media_id, visitor, day) select value ->> 1, value ->> 2, value ->> 0
           from json_each(?1) where exists (select 1 from media where id = ?2) on conflict do nothing`,
        )
        .bind(JSON.stringify(entries), id),
      d1
        .prepare(`update media set ${counter} = ${counter} + ?1 where id = ?2`)
        .bind(entries.length, id),
    ]);
  const statements = [
    ...(counts.length > 0
      ? [
          d1
            .prepare(
              `insert into analytics_counts (day, dimension, value, count)
               select value ->> 0, value ->> 1, value ->> 2, value ->> 3 from json_each(?1) where true ${upsertCount}`,
            )
            .bind(JSON.stringify(counts)),
        ]
      : []),
    ...Object.entries(sites).map(([key, count]) => siteCount(d1, key, count)),
    ...(visitors.length > 0
      ? [
          d1
            .prepare(
              `insert into analytics_visitors (day, visitor, network)
               select value ->> 'day', value ->> 'id', value ->> 'network' from json_each(?1) where true
               on conflict do nothing`,
            )
            .bind(JSON.stringify(visitors)),
        ]
      : []),
    // A bucket only for a site that got its own name (not one past the day's first hundred).
    ...[...buckets].map(([key, set]) => {
      const [day, , host] = JSON.parse(key) as [string, string, string];
      return d1
        .prepare(
          `insert into analytics_referrer_networks (day, host, bucket) select ?1, ?2, value from json_each(?3)
           where exists (select 1 from analytics_counts where day = ?1 and dimension = 'referrer' and value = ?2)
           on conflict do nothing`,
        )
        .bind(day, host, JSON.stringify([...set]));
    }),
    ...records("media_likes", "like_count", likes),
    ...records("media_views", "view_count", once("views")),
    ...(Object.keys(batch.usage).length > 0
      ? [
          d1
            .prepare(
              `insert into usage_days (day, requests, rows_read, rows_written, object_requests)
               select key, value ->> 'requests', value ->> 'rowsRead', value ->> 'rowsWritten', value ->> 'objectRequests'
               from json_each(?1) where true on conflict (day) do update set
               requests = requests + excluded.requests, rows_read = rows_read + excluded.rows_read,
               rows_written = rows_written + excluded.rows_written,
               object_requests = object_requests + excluded.object_requests`,
            )
            .bind(JSON.stringify(batch.usage)),
        ]
      : []),
  ];
  if (statements.length === 0) return stored.rows;
  const written = rowsOf(await d1.batch(statements));
  return {
    rowsRead: stored.rows.rowsRead + written.rowsRead,
    rowsWritten: written.rowsWritten,
  };
}
