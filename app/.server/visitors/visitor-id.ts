import { eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { likeSalts } from "../db/schema";

const encoder = new TextEncoder();
let cachedSalt: { day: string; salt: string } | null = null;

/** The day in UTC as YYYY-MM-DD: visitor ids, salts and their purge all use it. */
export function utcDay(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** Today's salt for hashing visitors, created on first use; forgotten after a day. */
async function dailySalt(db: Db, day: string): Promise<string> {
  const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  await db.insert(likeSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const row = await db.select().from(likeSalts).where(eq(likeSalts.day, day)).get();
  if (!row) throw new Error(`visitor salt for ${day} vanished`);
  return row.salt;
}

/**
 * A visitor's anonymous id for today: HMAC of what identifies the client (its address)
 * with the day's random salt. Nothing it is made from is stored, and once the salt is
 * purged the ids of that day cannot be linked to anybody.
 */
export async function visitorId(db: Db, client: string, day = utcDay()): Promise<string> {
  if (cachedSalt?.day !== day) cachedSalt = { day, salt: await dailySalt(db, day) };
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(cachedSalt.salt),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(client)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The statement that deletes the salts of days before `keepFrom`; batchable. */
export function purgeSalts(db: Db, keepFrom: string) {
  return db.delete(likeSalts).where(lt(likeSalts.day, keepFrom));
}
