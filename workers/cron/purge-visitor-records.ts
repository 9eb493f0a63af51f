import { getDb } from "~/.server/db/client";
import { purgeVisitorRecords } from "~/.server/media/once-a-day";
import { purgeSalts, utcDay } from "~/.server/visitors/visitor-id";

/** Yesterday's likes, views and salt go: no one can be traced from them afterwards. */
export async function purgeVisitors(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const today = utcDay();
  await db.batch([...purgeVisitorRecords(db, today), purgeSalts(db, today)]);
}
