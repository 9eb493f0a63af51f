import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { adminSessions } from "#app/.server/db/schema.ts";
import type { Config } from "#app/.server/env.ts";
import { clearedCookie, readSignedCookie, SESSION_COOKIE, signedCookie } from "./signed-cookie.ts";

const SESSION_MS = 8 * 3600_000;

export type AdminSession = { id: string; expiresAt: Date };
type Scope = { config: Config; db: Db };

export async function startSession({ config, db }: Scope, now = Date.now()): Promise<string> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now + SESSION_MS);
  await db.insert(adminSessions).values({ id, createdAt: new Date(now), expiresAt });
  return signedCookie(config, SESSION_COOKIE, id, SESSION_MS, now);
}

export async function readSession(
  request: Request,
  { config, db }: Scope,
  now = new Date(),
): Promise<AdminSession | null> {
  const id = await readSignedCookie(request, config, SESSION_COOKIE);
  if (!id) return null;
  const row = await db
    .select({ id: adminSessions.id, expiresAt: adminSessions.expiresAt })
    .from(adminSessions)
    .where(and(eq(adminSessions.id, id), gt(adminSessions.expiresAt, now)))
    .get();
  return row ?? null;
}

export async function endSession(db: Db, session: AdminSession): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, session.id));
}

export async function endAllSessions(db: Db): Promise<void> {
  await db.delete(adminSessions);
}

export const endedSessionCookie = clearedCookie(SESSION_COOKIE);

export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(adminSessions).where(lte(adminSessions.expiresAt, now));
}
