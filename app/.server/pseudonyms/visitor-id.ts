import { eq, lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { likeSalts } from "#app/.server/db/schema.ts";
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

export function purgeSalts(db: Db, keepFrom: string) {
  return db.delete(likeSalts).where(lt(likeSalts.day, keepFrom));
}
