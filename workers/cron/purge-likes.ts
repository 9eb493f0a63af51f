import { getDb } from "~/.server/db/client";
import { purgeLikeRecords } from "~/.server/media/likes";
import { purgeSalts, utcDay } from "~/.server/visitors/visitor-id";

/** Forgets who liked what, and the salt that hashed them, as soon as their day is over. */
export async function purgeLikes(env: Env, now = new Date()): Promise<void> {
  const db = getDb(env.DB);
  const today = utcDay(now);
  await db.batch([purgeLikeRecords(db, today), purgeSalts(db, today)]);
}
