import { parse, serialize } from "hono/utils/cookie";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "#app/.server/env.ts";

/** Each kind of token is signed for its own audience, so one can never pass for the other. */
type SignedCookie = {
  name: string;
  audience: "admin-session" | "admin-device";
  endsWithPassword: boolean;
};

// `__Host-`: only this exact host over HTTPS may set them, so no sibling subdomain can plant one.
export const SESSION_COOKIE = {
  name: "__Host-admin_session",
  audience: "admin-session",
  endsWithPassword: true,
} as const satisfies SignedCookie;
export const DEVICE_COOKIE = {
  name: "__Host-admin_device",
  audience: "admin-device",
  endsWithPassword: false,
} as const satisfies SignedCookie;

const encoder = new TextEncoder();

export function signingKey(
  config: Pick<Config, "SESSION_SECRET" | "ADMIN_PASSWORD">,
  cookie: SignedCookie,
): Uint8Array {
  return encoder.encode(
    cookie.endsWithPassword
      ? `${config.SESSION_SECRET}\n${config.ADMIN_PASSWORD}`
      : config.SESSION_SECRET,
  );
}

function ownerCookie(cookie: SignedCookie, value: string, maxAgeSeconds: number): string {
  return serialize(cookie.name, value, {
    path: "/",
    secure: true,
    httpOnly: true,
    sameSite: "Strict",
    maxAge: maxAgeSeconds,
  });
}

function cookieValue(request: Request, cookie: SignedCookie): string | undefined {
  return parse(request.headers.get("Cookie") ?? "", cookie.name)[cookie.name];
}

export function hasCookie(request: Request, cookie: SignedCookie): boolean {
  return Boolean(cookieValue(request, cookie));
}

export async function signedCookie(
  config: Config,
  cookie: SignedCookie,
  subject: string,
  lifetimeMs: number,
  now = Date.now(),
): Promise<string> {
  const token = await new SignJWT()
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(cookie.audience)
    .setSubject(subject)
    .setIssuedAt(new Date(now))
    .setExpirationTime(new Date(now + lifetimeMs))
    .sign(signingKey(config, cookie));
  return ownerCookie(cookie, token, Math.floor(lifetimeMs / 1000));
}

export function clearedCookie(cookie: SignedCookie): string {
  return ownerCookie(cookie, "", 0);
}

/** A token without `exp` would never expire. */
export async function readSignedCookie(
  request: Request,
  config: Config,
  cookie: SignedCookie,
): Promise<string | null> {
  const token = cookieValue(request, cookie);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(config, cookie), {
      algorithms: ["HS256"],
      audience: cookie.audience,
      requiredClaims: ["exp", "sub"],
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
