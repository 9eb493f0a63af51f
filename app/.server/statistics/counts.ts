import { lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import {
  analyticsCounts,
  type analyticsDimensions,
  analyticsReferrerNetworks,
} from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import {
  type SpeedMetric,
  type SpeedReport,
  speedMetrics,
  type VitalsReport,
} from "#app/features/statistics/speed-report.ts";
import type { ProductEvent } from "#app/features/statistics/statistics-events.ts";
import { addCount, counterKey, emptyBatch } from "./count-batch.ts";
import { bufferCounts } from "./isolate-counts.ts";
import { firstDayShown } from "./read-statistics.ts";
import { speedBucket } from "./speed-percentiles.ts";

type Dimension = (typeof analyticsDimensions)[number];
type Counter = { dimension: Dimension; value: string };

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
  const counts = emptyBatch();
  for (const { dimension, value } of counters) {
    addCount(counts.counters, counterKey(day, dimension, value));
  }
  return bufferCounts(db, counts);
}

/** Buffered: whether the visitor and their referrer are new is decided when D1 is written. */
export async function countPageView(db: Db, view: PageView): Promise<void> {
  const { visitor, referrer, day } = view;
  const counts = emptyBatch();
  for (const [dimension, value] of [
    ["views", ""],
    ["page", view.page],
    ["country", view.country],
    ["device", view.device],
    ["language", view.language],
  ] as const) {
    addCount(counts.counters, counterKey(day, dimension, value));
  }
  if (visitor) {
    if (view.embedded && referrer) addCount(counts.sites, counterKey(day, "embed", referrer.host));
    counts.visitors.push({ day, ...visitor, ...(referrer && { referrer }) });
  }
  await bufferCounts(db, counts);
}

export async function countEvent(db: Db, event: ProductEvent, day: string): Promise<void> {
  await increment(db, day, [{ dimension: "event", value: event }]);
}

/** Only buckets reach D1: the figures themselves are dropped here (ADR 014). */
export async function countSpeed(
  db: Db,
  report: SpeedReport | VitalsReport,
  day: string,
): Promise<void> {
  const figures: Partial<Record<SpeedMetric, number>> = report;
  await increment(
    db,
    day,
    speedMetrics.flatMap((metric) => {
      const figure = figures[metric];
      if (figure === undefined) return [];
      return [{ dimension: metric, value: speedBucket(metric, figure) }];
    }),
  );
}

/** How long the daily counts are kept, in calendar months, as the privacy policy says. */
const RETENTION_MONTHS = 13;

/** Network buckets go once no statistics period shows their day (visitor ids: `purgeEarlierDays`). */
export async function purgeStatistics(db: Db, now = new Date()): Promise<void> {
  const keepCountsFrom = new Date(now);
  keepCountsFrom.setUTCMonth(keepCountsFrom.getUTCMonth() - RETENTION_MONTHS);
  await db.batch([
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
