import { z } from "zod";
import type { SiteInfo } from "#app/shell/root-data.ts";

const configSchema = z
  .object({
    SITE_URL: z.url({ message: "SITE_URL must be the site's absolute URL" }),
    OWNER_NAME: z.string().min(1),
    OWNER_EMAIL: z.email({ message: "OWNER_EMAIL must be an e-mail address" }),
    OWNER_STREET: z.string().min(1),
    OWNER_POSTAL_CITY: z.string().min(1),
    OWNER_COUNTRY: z.string().min(1),
    CAMERA_LOCATION: z.string().min(1),
    CAMERA_LATITUDE: z.coerce.number().min(-90).max(90),
    CAMERA_LONGITUDE: z.coerce.number().min(-180).max(180),
    SUPPORT_URL: z.union([z.url(), z.literal("")]).default(""),
    OPEN_METEO_URL: z.url(),
    OPENWEATHERMAP_URL: z.url(),
    /** Optional secret: with it, the weather comes from OpenWeatherMap instead of Open-Meteo. */
    OPENWEATHERMAP_API_KEY: z
      .string()
      .trim()
      .optional()
      .transform((key) => key || undefined),
    LAGHI_NET_URL: z.url(),
    LAGHI_NET_LAKE: z.string().min(1),
    APPA_TRENTO_URL: z.url(),
    /** Workers AI is remote-only: local runs and tests name a stand-in here (ADR 015). */
    AI_STAND_IN_URL: z.union([z.url(), z.literal("")]).optional(),
    /** Workers AI descriptions a UTC day at most: the free allowance's guard (ADR 029). */
    DESCRIBE_DAILY_CAP: z.coerce.number().int().min(0).max(1000).default(24),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000),
    ADMIN_PASSWORD: z
      .string({ message: "secret ADMIN_PASSWORD is missing (wrangler secret put ADMIN_PASSWORD)" })
      .min(12, { message: "secret ADMIN_PASSWORD must be at least 12 characters" }),
    SESSION_SECRET: z
      .string({ message: "secret SESSION_SECRET is missing (wrangler secret put SESSION_SECRET)" })
      .min(32, { message: "secret SESSION_SECRET must be at least 32 characters" }),
    CAMERA_DEVICE_ID: z.string().regex(/^[\w-]{1,64}$/, "CAMERA_DEVICE_ID must be a short id"),
    CAMERA_DEVICE_SECRET: z
      .string({
        message:
          "secret CAMERA_DEVICE_SECRET is missing (wrangler secret put CAMERA_DEVICE_SECRET)",
      })
      .min(32, { message: "secret CAMERA_DEVICE_SECRET must be at least 32 characters" }),
    STREAM_SESSION_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    STREAM_STOP_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
    STREAM_START_TIMEOUT_SECONDS: z.coerce.number().int().min(3).max(120).default(15),
    /** How often an isolate tells the camera object of its new viewers (0: of each at once). */
    STREAM_WATCH_SECONDS: z.coerce.number().min(0).max(10).default(1),
    /** The owner's verified inbox: the send_email binding's destination_address. */
    CONTACT_EMAIL_TO: z.email({ message: "CONTACT_EMAIL_TO must be an e-mail address" }),
    /** The contact form's sender, an address on the domain that has Email Routing. */
    CONTACT_EMAIL_FROM: z.email({ message: "CONTACT_EMAIL_FROM must be an e-mail address" }),
    /** The camera alerts' sender (to the same verified inbox), so the owner can filter them. */
    CAMERA_ALERT_FROM: z.email({ message: "CAMERA_ALERT_FROM must be an e-mail address" }),
    CAMERA_OFFLINE_ALERT_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(20),
    CONTACT_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(50),
    TIMELAPSE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
    STILL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** Counts reach D1 through the StatsBuffer object at most this often (0: each at once; ADR 030). */
    STATS_FLUSH_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    /** This share of live starts and page loads reports its speed, a beacon each (ADR 014). */
    SPEED_SAMPLE_PERCENT: z.coerce.number().min(0).max(100).default(10),
    /** A page every visitor sees alike is shared for this long (0: rendered for each; ADR 019). */
    SHARED_PAGE_SECONDS: z.coerce.number().min(0).max(10).default(1),
    /** The public bucket's origin behind the cache; empty: the Worker serves it at /media (ADR 008). */
    MEDIA_BASE_URL: z
      .union([
        z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
        z.literal(""),
      ])
      .default(""),
    CLOUDFLARE_API_URL: z.url().default("https://api.cloudflare.com/client/v4"),
    CLOUDFLARE_ZONE_ID: z
      .string()
      .regex(/^[a-f0-9]{32}$|^$/, "CLOUDFLARE_ZONE_ID must be a zone id")
      .default(""),
    /** Zone → Cache Purge; with MEDIA_BASE_URL set, removed files are purged from the cache. */
    CLOUDFLARE_PURGE_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((token) => token || undefined),
  })
  .refine(
    // A removed file would stay in the cache for a year: a media host needs the purge's means.
    (config) =>
      !config.MEDIA_BASE_URL || (config.CLOUDFLARE_ZONE_ID && config.CLOUDFLARE_PURGE_TOKEN),
    {
      message:
        "with MEDIA_BASE_URL set, CLOUDFLARE_ZONE_ID and the secret CLOUDFLARE_PURGE_TOKEN are needed",
      path: ["MEDIA_BASE_URL"],
    },
  );

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const parsed = new WeakMap<object, Config>();

export function getConfig(env: Env): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid Worker configuration:\n- ${problems.join("\n- ")}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

export function publicSiteConfig(config: Config): SiteInfo {
  return {
    siteUrl: config.SITE_URL,
    ownerName: config.OWNER_NAME,
    ownerEmail: config.OWNER_EMAIL,
    ownerStreet: config.OWNER_STREET,
    ownerPostalCity: config.OWNER_POSTAL_CITY,
    ownerCountry: config.OWNER_COUNTRY,
    cameraLocation: config.CAMERA_LOCATION,
    cameraLatitude: config.CAMERA_LATITUDE,
    cameraLongitude: config.CAMERA_LONGITUDE,
    supportUrl: config.SUPPORT_URL,
    stillRetentionDays: config.STILL_RETENTION_DAYS,
    speedSamplePercent: config.SPEED_SAMPLE_PERCENT,
  };
}
