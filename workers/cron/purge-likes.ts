import { getDb } from "~/.server/db/client";
import { purgeLikeRecords } from "~/.server/media/media-item";
import { utcDay } from "~/.server/media/visitor";

/** Forgets who liked what, and the salt that hashed them, as soon as their day is over. */
export async function purgeLikes(env: Env, now = new Date()): Promise<void> {
  await purgeLikeRecords(getDb(env.DB), utcDay(now));
}
