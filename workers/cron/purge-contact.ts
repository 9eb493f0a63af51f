import { purgeEarlierDays } from "~/.server/contact/daily-cap";
import { purgeEarlierSenders } from "~/.server/contact/senders";
import { purgeExpiredNonces } from "~/.server/contact/used-nonces";
import { getDb } from "~/.server/db/client";
import { utcDay } from "~/.server/visitors/visitor-id";

/** Yesterday's counts go, and the networks' pseudonyms with them (their salt goes too). */
export async function purgeContactRecords(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const now = new Date();
  const today = utcDay(now);
  await db.batch([
    purgeExpiredNonces(db, now),
    purgeEarlierDays(db, today),
    purgeEarlierSenders(db, today),
  ]);
}
