import type { Db } from "#app/.server/db/client.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { purgeEarlierDays } from "./daily-cap.ts";
import { purgeEarlierSenders } from "./senders.ts";
import { purgeExpiredNonces } from "./used-nonces.ts";

export async function purgeContactRecords(db: Db, now = new Date()): Promise<void> {
  const today = utcDay(now);
  await db.batch([
    purgeExpiredNonces(db, now),
    purgeEarlierDays(db, today),
    purgeEarlierSenders(db, today),
  ]);
}
