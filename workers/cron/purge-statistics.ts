import { getDb } from "#app/.server/db/client.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { purgeStatistics } from "#app/.server/statistics/counts.ts";
import { firstDayShown } from "#app/.server/statistics/read-statistics.ts";

/** How long the daily counts are kept, in calendar months, as the privacy policy says. */
export const ANALYTICS_RETENTION_MONTHS = 13;

/**
 * Visitor hashes go as soon as their day is over (their salt goes with the likes' purge), the
 * referrers' network buckets once the statistics no longer show their day.
 */
export async function purgeStatisticsRecords(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const now = new Date();
  const keepFrom = new Date(now);
  keepFrom.setUTCMonth(keepFrom.getUTCMonth() - ANALYTICS_RETENTION_MONTHS);
  await db.batch(
    purgeStatistics(db, {
      today: utcDay(now),
      keepBucketsFrom: firstDayShown(now),
      keepCountsFrom: utcDay(keepFrom),
    }),
  );
}
