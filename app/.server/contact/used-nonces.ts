import { lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { contactNonces } from "#app/.server/db/schema.ts";

export async function claimNonce(db: Db, nonce: string, expiresAt: number): Promise<boolean> {
  const claimed = await db
    .insert(contactNonces)
    .values({ nonce, expiresAt: new Date(expiresAt) })
    .onConflictDoNothing()
    .returning({ nonce: contactNonces.nonce });
  return claimed.length === 1;
}

export function purgeExpiredNonces(db: Db, now: Date) {
  return db.delete(contactNonces).where(lt(contactNonces.expiresAt, now));
}
