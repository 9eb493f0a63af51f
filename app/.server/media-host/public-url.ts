import type { Config } from "#app/.server/env.ts";

type MediaHost = Pick<Config, "MEDIA_BASE_URL">;

/** Where the Worker serves the public bucket itself when no media host is set (local runs, tests). */
export const WORKER_MEDIA_PATH = "/media";

export const mediaBase = (config: MediaHost) => config.MEDIA_BASE_URL || WORKER_MEDIA_PATH;

export const publicUrl = (base: string, key: string) => `${base}/${key}`;

/** The media host's origin for the CSP; "" when media come from the site's own origin. */
export const mediaOrigin = (config: MediaHost) =>
  config.MEDIA_BASE_URL ? new URL(config.MEDIA_BASE_URL).origin : "";
