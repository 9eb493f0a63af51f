import { purgeAnalytics } from "~/.server/analytics/counts";
import { getDb } from "~/.server/db/client";
import { utcDay } from "~/.server/visitors/visitor-id";

/** How long the daily counts are kept (the privacy policy says 13 months). */
export const ANALYTICS_RETENTION_DAYS = 400;

/** Visitor hashes go as soon as their day is over (their salt goes with the likes' purge). */
export async function purgeAnalyticsRecords(env: Env, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  const keepFrom = utcDay(new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 86_400_000));
  await db.batch(purgeAnalytics(db, utcDay(now), keepFrom));
}
