import { purgeExpiredSessions } from "#app/.server/auth/session.ts";
import { getDb } from "#app/.server/db/client.ts";

/** Ended sessions are deleted when they end; this drops the expired ones. */
export async function purgeSessions(env: Env): Promise<void> {
  await purgeExpiredSessions(getDb(env.DB));
}
