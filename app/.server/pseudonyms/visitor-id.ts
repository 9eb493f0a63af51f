import { eq, lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { likeSalts, networkDays } from "#app/.server/db/schema.ts";
import { keyedHash } from "./keyed-hash.ts";

let cachedSalt: { day: string; salt: string } | null = null;

export function utcDay(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

async function dailySalt(db: Db, day: string): Promise<string> {
  const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  await db.insert(likeSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const row = await db.select().from(likeSalts).where(eq(likeSalts.day, day)).get();
  if (!row) throw new Error(`visitor salt for ${day} vanished`);
  return row.salt;
}

/** Nothing it is made from is stored; once the day's salt is purged, its ids link to nobody. */
export async function visitorId(db: Db, client: string, day = utcDay()): Promise<string> {
  if (cachedSalt?.day !== day) cachedSalt = { day, salt: await dailySalt(db, day) };
  return keyedHash(cachedSalt.salt, client);
}

/** The day's pseudonym of a network (an IPv4 address, an IPv6 /64): its `network_days` row. */
export function networkId(db: Db, network: string, day = utcDay()): Promise<string> {
  return visitorId(db, `network\n${network}`, day);
}

/** Earlier days' network records and salts go together: no one can be traced from them afterwards. */
export async function purgeEarlierDays(db: Db, today = utcDay()): Promise<void> {
  await db.batch([
    db.delete(networkDays).where(lt(networkDays.day, today)),
    db.delete(likeSalts).where(lt(likeSalts.day, today)),
  ]);
}
