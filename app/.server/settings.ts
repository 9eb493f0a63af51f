import { eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { siteSettings } from "#app/.server/db/schema.ts";
import type { PublicSettings } from "#app/shell/shell-api.ts";

// Pages read the flag on every request; an isolate re-reads D1 at most this often.
export const SETTINGS_CACHE_MS = 10_000;

let cached: { value: PublicSettings; expires: number } | null = null;

export async function getPublicSettings(db: Db, now = Date.now()): Promise<PublicSettings> {
  if (cached && cached.expires > now) return cached.value;
  const value = await readSettings(db);
  cached = { value, expires: now + SETTINGS_CACHE_MS };
  return value;
}

export async function readSettings(db: Db): Promise<PublicSettings> {
  const row = await db
    .select({ maintenance: siteSettings.maintenance })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  return { maintenance: row?.maintenance ?? false };
}

export async function setMaintenance(db: Db, maintenance: boolean): Promise<PublicSettings> {
  await db
    .insert(siteSettings)
    .values({ id: 1, maintenance, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.id, set: { maintenance, updatedAt: new Date() } });
  const value = { maintenance };
  cached = { value, expires: Date.now() + SETTINGS_CACHE_MS };
  return value;
}
