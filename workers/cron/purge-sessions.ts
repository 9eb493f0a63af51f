import { purgeExpiredSessions } from "~/.server/auth/session";
import { getDb } from "~/.server/db/client";

/** Drops the owner's expired sessions (ended ones are deleted when they end). */
export async function purgeSessions(env: Env): Promise<void> {
  await purgeExpiredSessions(getDb(env.DB));
}
