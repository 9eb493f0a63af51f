import type { RequestScope } from "#app/.server/context.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { keyedHash } from "#app/.server/pseudonyms/keyed-hash.ts";
import { isAdminPassword } from "./password.ts";
import { startSession } from "./session.ts";
import { trustDevice, trustedDevice } from "./trusted-device.ts";

/** The edge shield's period (LOGIN_RATE_LIMIT in wrangler.jsonc). */
const SHIELD_PERIOD_MS = 10_000;

export type LoginOutcome =
  | { ok: true; cookies: string[] }
  | { ok: false; reason: "incorrect_password" }
  | { ok: false; reason: "rate_limited"; retryAfterMs: number };

/** Failures are counted under a keyed hash of the network, so the guard stores no address. */
function networkPseudonym(secret: string, network: string): Promise<string> {
  return keyedHash(`login-throttle:${secret}`, network);
}

export async function logIn(
  request: Request,
  { env, config, db }: Pick<RequestScope, "env" | "config" | "db">,
  password: string,
): Promise<LoginOutcome> {
  const device = await trustedDevice(request, config);
  const key = device
    ? `device:${device}`
    : `network:${await networkPseudonym(config.SESSION_SECRET, clientNetwork(request))}`;
  const trusted = device !== null;

  if (!(await env.LOGIN_RATE_LIMIT.limit({ key })).success) {
    return { ok: false, reason: "rate_limited", retryAfterMs: SHIELD_PERIOD_MS };
  }
  const guard = env.LOGIN_GUARD.getByName("admin-login");
  const admission = await guard.admit(key, trusted);
  if (!admission.admitted) {
    return { ok: false, reason: "rate_limited", retryAfterMs: admission.retryAfterMs };
  }
  if (!(await isAdminPassword(config, password)))
    return { ok: false, reason: "incorrect_password" };

  const [session, deviceCookie] = await Promise.all([
    startSession({ config, db }),
    trustDevice(config, device),
    guard.succeeded(key, trusted),
  ]);
  return { ok: true, cookies: [session, deviceCookie] };
}
