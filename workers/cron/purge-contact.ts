import { purgeEarlierDays } from "#app/.server/contact/daily-cap.ts";
import { purgeEarlierSenders } from "#app/.server/contact/senders.ts";
import { purgeExpiredNonces } from "#app/.server/contact/used-nonces.ts";
import { getDb } from "#app/.server/db/client.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";

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
