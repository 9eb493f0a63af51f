import { gte, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { analyticsReferrerNetworks } from "#app/.server/db/schema.ts";
import { keyedHash } from "#app/.server/pseudonyms/keyed-hash.ts";

/**
 * A referring site is named on the statistics once visitors from this many networks came
 * from it in the period shown; one network inventing sites names none.
 */
const REFERRER_MIN_NETWORKS = 3;

/**
 * Networks are counted without being stored: each falls in one of 64 buckets by a keyed hash
 * that stays the same from day to day, so a bucket stands for a 64th of all networks, and
 * three buckets mean at least three networks.
 */
const BUCKETS = 64;

export async function networkBucket(secret: string, network: string): Promise<number> {
  const hash = await keyedHash(secret, `referrer-network\n${network}`);
  return Number.parseInt(hash.slice(0, 2), 16) % BUCKETS;
}

/** The hosts named on the statistics of the days from `from`. */
export function confirmedReferrers(db: Db, from: string) {
  return db
    .select({ host: analyticsReferrerNetworks.host })
    .from(analyticsReferrerNetworks)
    .where(gte(analyticsReferrerNetworks.day, from))
    .groupBy(analyticsReferrerNetworks.host)
    .having(sql`count(distinct ${analyticsReferrerNetworks.bucket}) >= ${REFERRER_MIN_NETWORKS}`);
}
