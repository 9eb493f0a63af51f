import { getDb } from "~/.server/db/client";
import { purgeLikeRecords } from "~/.server/media/likes";
import { purgeSalts, utcDay } from "~/.server/visitors/visitor-id";

export async function purgeLikes(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const today = utcDay();
  await db.batch([purgeLikeRecords(db, today), purgeSalts(db, today)]);
}
