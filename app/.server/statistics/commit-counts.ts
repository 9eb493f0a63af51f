import { OTHER_VALUE } from "#app/features/statistics/statistics-events.ts";
import { addCount, type CountBatch, counterKey } from "./count-batch.ts";
import {
  addToNetworkDays,
  type NetworkDay,
  type NetworkSets,
  parseNetworkDay,
  storedNetworkDays,
} from "./network-days.ts";

/** Rows a commit read and wrote, as D1 bills them (ADR 025). */
export type CommitRows = { rowsRead: number; rowsWritten: number };

/** Distinct visitors one network (an IPv4 address, an IPv6 /64) counts as a day, at most. */
const VISITORS_PER_NETWORK = 5;
/** Referring sites named a day; later ones count as one, so posted host names cannot grow the table. */
const MAX_SITES_PER_DAY = 100;

type Once = [day: string, mediaId: string, network: string];
const parsed = (keys: string[]) => keys.map((key) => JSON.parse(key) as Once);
const rowKey = (day: string, network: string) => JSON.stringify([day, network]);

function rowsOf(results: D1Result[]): CommitRows {
  return results.reduce(
    (rows, { meta }) => ({
      rowsRead: rows.rowsRead + (meta.rows_read ?? 0),
      rowsWritten: rows.rowsWritten + (meta.rows_written ?? 0),
    }),
    { rowsRead: 0, rowsWritten: 0 },
  );
}

/** What D1 already has of the batch: its networks' days, and which of its items are published. */
async function known(d1: D1Database, batch: CountBatch) {
  const once = parsed([...batch.likes, ...batch.views]);
  const keys = new Set([
    ...batch.visitors.map(({ day, network }) => rowKey(day, network)),
    ...once.map(([day, , network]) => rowKey(day, network)),
  ]);
  if (keys.size === 0) {
    return { days: new Map<string, NetworkDay>(), published: new Set<string>(), rows: rowsOf([]) };
  }
  const results = await d1.batch<Record<string, string>>([
    storedNetworkDays(
      d1,
      [...keys].map((key) => JSON.parse(key)),
    ),
    d1
      .prepare(
        "select id from media where status = 'published' and id in (select value from json_each(?1))",
      )
      .bind(JSON.stringify([...new Set(once.map(([, id]) => id))])),
  ]);
  const [days, published] = results.map((result) => result.results);
  return {
    days: new Map(
      (days ?? []).map(parseNetworkDay).map((row) => [rowKey(row.day, row.network), row]),
    ),
    published: new Set(published?.map((row) => row.id)),
    rows: rowsOf(results),
  };
}

type Known = Awaited<ReturnType<typeof known>>;

/** New to the networks' days: visitors up to VISITORS_PER_NETWORK, first likes and views of published items. */
function additions(batch: CountBatch, stored: Known) {
  const days = new Map<string, { stored: NetworkDay; added: NetworkDay }>();
  const dayOf = (day: string, network: string) => {
    const key = rowKey(day, network);
    const empty = (): NetworkDay => ({ day, network, visitors: [], liked: [], viewed: [] });
    const entry = days.get(key) ?? { stored: stored.days.get(key) ?? empty(), added: empty() };
    days.set(key, entry);
    return entry;
  };
  const add = (set: keyof NetworkSets, day: string, network: string, value: string) => {
    const entry = dayOf(day, network);
    if (entry.stored[set].includes(value) || entry.added[set].includes(value)) return false;
    if (set === "visitors") {
      const count = entry.stored.visitors.length + entry.added.visitors.length;
      if (count >= VISITORS_PER_NETWORK) return false;
    }
    entry.added[set].push(value);
    return true;
  };
  const once = (action: "likes" | "views", set: "liked" | "viewed") =>
    parsed(batch[action]).filter(
      ([day, id, network]) => stored.published.has(id) && add(set, day, network, id),
    );
  return {
    visitors: batch.visitors.filter(({ day, network, id }) => add("visitors", day, network, id)),
    likes: once("likes", "liked"),
    views: once("views", "viewed"),
    days: [...days.values()]
      .map(({ added }) => added)
      .filter((day) => day.visitors.length + day.liked.length + day.viewed.length > 0),
  };
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

function itemCounts(d1: D1Database, counter: "like_count" | "view_count", added: Once[]) {
  const perItem = new Map<string, number>();
  for (const [, id] of added) perItem.set(id, (perItem.get(id) ?? 0) + 1);
  return [...perItem].map(([id, count]) =>
    d1.prepare(`update media set ${counter} = ${counter} + ?1 where id = ?2`).bind(count, id),
  );
}

/** One StatsBuffer batch into D1, what is new judged against what D1 has (the object is its only writer), in one D1 batch. */
export async function commitCounts(d1: D1Database, batch: CountBatch): Promise<CommitRows> {
  const stored = await known(d1, batch);
  const counters = { ...batch.counters };
  const sites = { ...batch.sites };
  const added = additions(batch, stored);
  const buckets = new Map<string, Set<number>>();
  for (const { day, referrer } of added.visitors) {
    addCount(counters, counterKey(day, "visitors", ""));
    if (!referrer) continue;
    const key = counterKey(day, "referrer", referrer.host);
    addCount(sites, key);
    buckets.set(key, (buckets.get(key) ?? new Set()).add(referrer.bucket));
  }
  for (const [day] of added.likes) addCount(counters, counterKey(day, "event", "like"));
  const counts = Object.entries(counters).map(([key, count]) => [...JSON.parse(key), count]);
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
    ...(added.days.length > 0 ? [addToNetworkDays(d1, added.days)] : []),
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
    ...itemCounts(d1, "like_count", added.likes),
    ...itemCounts(d1, "view_count", added.views),
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
