import type { Config } from "#app/.server/env.ts";
import { DEVICE_COOKIE, readSignedCookie, signedCookie } from "./signed-cookie.ts";

// Browsers cap a cookie's lifetime at 400 days; each login renews it.
const DEVICE_MS = 400 * 86_400_000;

/** Marks the owner's browser: it opens nothing, it only escapes the site-wide login ceiling. */
export function trustDevice(config: Config, deviceId: string | null): Promise<string> {
  return signedCookie(config, DEVICE_COOKIE, deviceId ?? crypto.randomUUID(), DEVICE_MS);
}

export function trustedDevice(request: Request, config: Config): Promise<string | null> {
  return readSignedCookie(request, config, DEVICE_COOKIE);
}
