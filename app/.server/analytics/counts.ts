import { lt, type SQL, sql } from "drizzle-orm";
import { OTHER_VALUE, type ProductEvent } from "~/lib/analytics-events";
import type { Db } from "../db/client";
import { analyticsCounts, type analyticsDimensions, analyticsVisitors } from "../db/schema";
import { utcDay } from "../visitors/visitor-id";

type Dimension = (typeof analyticsDimensions)[number];
type Counter = { dimension: Dimension; value: string | SQL };

/** Referring sites named a day; later ones count as one, so posted host names cannot grow the table. */
export const MAX_REFERRERS_PER_DAY = 100;

function referrerValue(day: string, host: string): SQL {
  const named = sql`from ${analyticsCounts} where ${analyticsCounts.day} = ${day} and ${analyticsCounts.dimension} = 'referrer'`;
  return sql`case when exists (select 1 ${named} and ${analyticsCounts.value} = ${host})
    or (select count(*) ${named}) < ${MAX_REFERRERS_PER_DAY} then ${host} else ${OTHER_VALUE} end`;
}

/** One page view, reduced to what the statistics keep (nothing of it identifies anyone). */
export type PageView = {
  day: string;
  /** Today's salted hash of the visitor, or null when they asked not to be counted (GPC). */
  visitor: string | null;
  page: string;
  referrer: string | null;
  country: string;
  device: string;
  language: string;
};

function increment(
  db: Db,
  day: string,
  counters: Counter[],
  count: number | ReturnType<typeof sql> = 1,
) {
  return db
    .insert(analyticsCounts)
    .values(counters.map((counter) => ({ day, ...counter, count })))
    .onConflictDoUpdate({
      target: [analyticsCounts.day, analyticsCounts.dimension, analyticsCounts.value],
      set: { count: sql`${analyticsCounts.count} + excluded.count` },
    });
}

/** Counts a visitor once a day: the counter adds changes(), 0 when their hash was already in. */
export async function countPageView(db: Db, view: PageView): Promise<void> {
  const counters: Counter[] = [
    { dimension: "views", value: "" },
    { dimension: "page", value: view.page },
    { dimension: "country", value: view.country },
    { dimension: "device", value: view.device },
    { dimension: "language", value: view.language },
  ];
  if (view.referrer) {
    counters.push({ dimension: "referrer", value: referrerValue(view.day, view.referrer) });
  }
  const views = increment(db, view.day, counters);
  if (!view.visitor) {
    await views;
    return;
  }
  await db.batch([
    db
      .insert(analyticsVisitors)
      .values({ day: view.day, visitor: view.visitor })
      .onConflictDoNothing(),
    increment(db, view.day, [{ dimension: "visitors", value: "" }], sql`changes()`),
    views,
  ]);
}

export async function countEvent(db: Db, event: ProductEvent, day: string): Promise<void> {
  await increment(db, day, [{ dimension: "event", value: event }]);
}

/** The statements that forget earlier days' visitor hashes and counts past retention; batchable. */
export function purgeAnalytics(db: Db, today: string, keepCountsFrom: string) {
  return [
    db.delete(analyticsVisitors).where(lt(analyticsVisitors.day, today)),
    db.delete(analyticsCounts).where(lt(analyticsCounts.day, keepCountsFrom)),
  ] as const;
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
