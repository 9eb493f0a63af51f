import type { Db } from "../db/client";
import { dailySalt } from "./media-item";

const encoder = new TextEncoder();
let cachedSalt: { day: string; salt: string } | null = null;

/** The day in UTC as YYYY-MM-DD: likes, salts and their purge all use it. */
export function utcDay(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A visitor's anonymous id for today: HMAC of the client address with the day's random
 * salt. The address itself is never stored, and once the salt is purged the ids of that
 * day cannot be linked to anybody.
 */
export async function visitorId(db: Db, clientAddress: string, day = utcDay()): Promise<string> {
  if (cachedSalt?.day !== day) cachedSalt = { day, salt: await dailySalt(db, day) };
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(cachedSalt.salt),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(clientAddress)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}
