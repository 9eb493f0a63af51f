import { gte, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { analyticsReferrerNetworks } from "#app/.server/db/schema.ts";
import { keyedHash } from "#app/.server/pseudonyms/keyed-hash.ts";

/** Networks a referring site needs before it is named, so one network inventing sites names none. */
const REFERRER_MIN_NETWORKS = 3;

/** Networks are counted without being stored: a stable keyed hash puts each in one of 64 buckets. */
const BUCKETS = 64;

export async function networkBucket(secret: string, network: string): Promise<number> {
  const hash = await keyedHash(secret, `referrer-network\n${network}`);
  return Number.parseInt(hash.slice(0, 2), 16) % BUCKETS;
}

export function confirmedReferrers(db: Db, from: string) {
  return db
    .select({ host: analyticsReferrerNetworks.host })
    .from(analyticsReferrerNetworks)
    .where(gte(analyticsReferrerNetworks.day, from))
    .groupBy(analyticsReferrerNetworks.host)
    .having(sql`count(distinct ${analyticsReferrerNetworks.bucket}) >= ${REFERRER_MIN_NETWORKS}`);
}
