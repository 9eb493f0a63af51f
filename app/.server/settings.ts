import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { siteSettings } from "#app/.server/db/schema.ts";
import { type AlertSwitches, parseAlertSwitches } from "#app/features/camera/alert-switches.ts";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales.ts";
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

type SettingValues = Omit<Partial<typeof siteSettings.$inferInsert>, "id" | "updatedAt">;

export async function saveSettings(db: Db, values: SettingValues): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(siteSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: siteSettings.id, set });
}

export async function setMaintenance(db: Db, maintenance: boolean): Promise<PublicSettings> {
  await saveSettings(db, { maintenance });
  const value = { maintenance };
  cached = { value, expires: Date.now() + SETTINGS_CACHE_MS };
  return value;
}

export type CameraAlertSettings = { ownerLocale: Locale; switches: AlertSwitches };

export async function readCameraAlertSettings(db: Db): Promise<CameraAlertSettings> {
  const row = await db
    .select({ ownerLocale: siteSettings.ownerLocale, cameraAlerts: siteSettings.cameraAlerts })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  return {
    ownerLocale: locales.find((locale) => locale === row?.ownerLocale) ?? defaultLocale,
    switches: parseAlertSwitches(row?.cameraAlerts ?? null),
  };
}

/** The admin's language, kept for the camera's mails; written only when it changed. */
export async function rememberOwnerLocale(db: Db, locale: Locale): Promise<void> {
  await db
    .update(siteSettings)
    .set({ ownerLocale: locale, updatedAt: new Date() })
    .where(and(eq(siteSettings.id, 1), ne(siteSettings.ownerLocale, locale)));
}

export async function setAlertSwitches(db: Db, switches: AlertSwitches): Promise<void> {
  await saveSettings(db, { cameraAlerts: JSON.stringify(switches) });
}
