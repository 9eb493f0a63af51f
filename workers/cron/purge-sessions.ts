import { purgeExpiredSessions } from "~/.server/auth/session";
import { getDb } from "~/.server/db/client";

/** Ended sessions are deleted when they end; this drops the expired ones. */
export async function purgeSessions(env: Env): Promise<void> {
  await purgeExpiredSessions(getDb(env.DB));
}
