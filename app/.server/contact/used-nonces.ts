import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactNonces } from "../db/schema";

/** Marks a passed question's nonce as used: true the first time, false ever after. */
export async function claimNonce(db: Db, nonce: string, expiresAt: number): Promise<boolean> {
  const claimed = await db
    .insert(contactNonces)
    .values({ nonce, expiresAt: new Date(expiresAt) })
    .onConflictDoNothing()
    .returning({ nonce: contactNonces.nonce });
  return claimed.length === 1;
}

/** The statement that forgets nonces whose question has expired (it fails anyway); batchable. */
export function purgeExpiredNonces(db: Db, now: Date) {
  return db.delete(contactNonces).where(lt(contactNonces.expiresAt, now));
}
