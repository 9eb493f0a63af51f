import { purgeEarlierDays } from "~/.server/contact/daily-cap";
import { purgeExpiredNonces } from "~/.server/contact/used-nonces";
import { getDb } from "~/.server/db/client";
import { utcDay } from "~/.server/visitors/visitor-id";

export async function purgeContactRecords(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const now = new Date();
  await db.batch([purgeExpiredNonces(db, now), purgeEarlierDays(db, utcDay(now))]);
}
