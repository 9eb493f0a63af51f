import { deleteExpiredStills } from "#app/.server/archive/manage-stills.ts";
import { getDb } from "#app/.server/db/client.ts";
import { getConfig } from "#app/.server/env.ts";
import { DAY_MS } from "#time/durations.ts";

/** A run removes at most this many: a backlog goes over the next runs. */
const BATCH = 100;

export async function expireStills(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const cutoff = new Date(Date.now() - getConfig(env).STILL_RETENTION_DAYS * DAY_MS);
  await deleteExpiredStills(db, env.MEDIA, cutoff, BATCH);
}
