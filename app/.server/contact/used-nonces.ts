import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactNonces } from "../db/schema";

/**
 * Marks a challenge's nonce as used: true the first time, false ever after (until the
 * challenge expires, when it could not pass anyway). Forgets expired nonces on the way.
 */
export async function claimNonce(
  db: Db,
  nonce: string,
  expiresAt: number,
  now = Date.now(),
): Promise<boolean> {
  const [, claimed] = await db.batch([
    db.delete(contactNonces).where(lt(contactNonces.expiresAt, new Date(now))),
    db
      .insert(contactNonces)
      .values({ nonce, expiresAt: new Date(expiresAt) })
      .onConflictDoNothing()
      .returning({ nonce: contactNonces.nonce }),
  ]);
  return claimed.length === 1;
}
