import { getDb } from "#app/.server/db/client.ts";
import { purgeVisitorRecords } from "#app/.server/gallery/once-a-day.ts";
import { purgeSalts, utcDay } from "#app/.server/pseudonyms/visitor-id.ts";

/** Yesterday's likes, views and salt go: no one can be traced from them afterwards. */
export async function purgeVisitors(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const today = utcDay();
  await db.batch([...purgeVisitorRecords(db, today), purgeSalts(db, today)]);
}
