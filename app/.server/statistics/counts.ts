import { lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import {
  analyticsCounts,
  type analyticsDimensions,
  analyticsReferrerNetworks,
  analyticsVisitors,
} from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { OTHER_VALUE, type ProductEvent } from "#app/features/statistics/statistics-events.ts";
import { firstDayShown } from "./read-statistics.ts";

type Dimension = (typeof analyticsDimensions)[number];
type Counter = { dimension: Dimension; value: string };

/** Counters are added to: a counter's first count of the day inserts its row. */
const addedUp = {
  target: [analyticsCounts.day, analyticsCounts.dimension, analyticsCounts.value],
  set: { count: sql`${analyticsCounts.count} + excluded.count` },
};

/** Referring sites named a day; later ones count as one, so posted host names cannot grow the table. */
const MAX_REFERRERS_PER_DAY = 100;

function siteValue(day: string, dimension: "referrer" | "embed", host: string): SQL {
  const named = sql`from ${analyticsCounts} where ${analyticsCounts.day} = ${day} and ${analyticsCounts.dimension} = ${dimension}`;
  return sql`case when exists (select 1 ${named} and ${analyticsCounts.value} = ${host})
    or (select count(*) ${named}) < ${MAX_REFERRERS_PER_DAY} then ${host} else ${OTHER_VALUE} end`;
}

/** Distinct visitors one network (an IPv4 address, an IPv6 /64) counts as a day, at most. */
const VISITORS_PER_NETWORK = 5;

/** One page view, reduced to what the statistics keep (nothing of it identifies anyone). */
export type PageView = {
  day: string;
  /** null when they asked not to be counted (GPC). */
  visitor: { id: string; network: string } | null;
  page: string;
  referrer: { host: string; bucket: number } | null;
  /** Seen in another site's frame: that site (the referrer) counts every view as an embed. */
  embedded?: boolean;
  country: string;
  device: string;
  language: string;
};

function increment(db: Db, day: string, counters: Counter[]) {
  return db
    .insert(analyticsCounts)
    .values(counters.map((counter) => ({ day, ...counter, count: 1 })))
    .onConflictDoUpdate(addedUp);
}

/** One batch: after the visitor's insert, changes() is 0 for a returning visitor or a full network. */
export async function countPageView(db: Db, view: PageView): Promise<void> {
  const views = increment(db, view.day, [
    { dimension: "views", value: "" },
    { dimension: "page", value: view.page },
    { dimension: "country", value: view.country },
    { dimension: "device", value: view.device },
    { dimension: "language", value: view.language },
  ]);
  const { visitor, referrer, day } = view;
  if (!visitor) {
    await views;
    return;
  }
  const embed =
    view.embedded && referrer
      ? [
          db
            .insert(analyticsCounts)
            .select(sql`select ${day}, 'embed', ${siteValue(day, "embed", referrer.host)}, 1`)
            .onConflictDoUpdate(addedUp),
        ]
      : [];
  const counted = referrer
    ? sql`(values ('visitors', ''), ('referrer', ${siteValue(day, "referrer", referrer.host)}))`
    : sql`(values ('visitors', ''))`;
  const newVisitor = [
    db
      .insert(analyticsVisitors)
      .select(
        sql`select ${day}, ${visitor.id}, ${visitor.network} where (select count(*) from ${analyticsVisitors}
          where ${analyticsVisitors.day} = ${day} and ${analyticsVisitors.network} = ${visitor.network}) < ${VISITORS_PER_NETWORK}`,
      )
      .onConflictDoNothing(),
    db
      .insert(analyticsCounts)
      .select(sql`select ${day}, column1, column2, 1 from ${counted} where changes() = 1`)
      .onConflictDoUpdate(addedUp),
  ] as const;
  if (!referrer) {
    await db.batch([views, ...embed, ...newVisitor]);
    return;
  }
  // Only for a site that got its own name above (not one past the day's first hundred).
  const bucket = db
    .insert(analyticsReferrerNetworks)
    .select(
      sql`select ${day}, ${analyticsCounts.value}, ${referrer.bucket} from ${analyticsCounts}
        where ${analyticsCounts.day} = ${day} and ${analyticsCounts.dimension} = 'referrer'
        and ${analyticsCounts.value} = ${referrer.host} and changes() > 0`,
    )
    .onConflictDoNothing();
  await db.batch([views, ...embed, ...newVisitor, bucket]);
}

export async function countEvent(db: Db, event: ProductEvent, day: string): Promise<void> {
  await increment(db, day, [{ dimension: "event", value: event }]);
}

/** How long the daily counts are kept, in calendar months, as the privacy policy says. */
const RETENTION_MONTHS = 13;

/** Visitor hashes go with their day's salt; network buckets once no statistics period shows their day. */
export async function purgeStatistics(db: Db, now = new Date()): Promise<void> {
  const keepCountsFrom = new Date(now);
  keepCountsFrom.setUTCMonth(keepCountsFrom.getUTCMonth() - RETENTION_MONTHS);
  await db.batch([
    db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, utcDay(now))),
    db
      .delete(analyticsReferrerNetworks)
      .where(lt(analyticsReferrerNetworks.day, firstDayShown(now))),
    db.delete(analyticsCounts).where(lt(analyticsCounts.day, utcDay(keepCountsFrom))),
  ]);
}

/** Counted after the response is sent, so a visitor never waits; a failure costs only the count. */
export function countEventInBackground(
  ctx: Pick<ExecutionContext, "waitUntil">,
  db: Db,
  event: ProductEvent,
  day = utcDay(),
): void {
  ctx.waitUntil(
    countEvent(db, event, day).catch((error: unknown) => {
      console.error(`analytics: could not count ${event}`, error);
    }),
  );
}
