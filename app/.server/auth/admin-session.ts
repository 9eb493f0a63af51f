import { jwtVerify, SignJWT } from "jose";
import { readCookie } from "~/lib/cookies";
import type { Config } from "../env";

export const ADMIN_COOKIE = "admin_session";
const SESSION_HOURS = 8;

const encoder = new TextEncoder();

async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/**
 * Compares fixed-length digests in constant time, so neither the password's length nor
 * its content leaks through timing. (workerd's subtle.timingSafeEqual is missing from
 * the DOM typings this isomorphic project also needs.)
 */
export async function isAdminPassword(config: Config, candidate: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(candidate), digest(config.ADMIN_PASSWORD)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function key(config: Config) {
  return encoder.encode(config.SESSION_SECRET);
}

export async function createAdminSessionCookie(config: Config): Promise<string> {
  const token = await new SignJWT({ role: "admin" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("admin")
    .setIssuedAt()
    .setExpirationTime(`${SESSION_HOURS}h`)
    .sign(key(config));
  return serializeAdminCookie(token, SESSION_HOURS * 3600);
}

export function clearAdminSessionCookie(): string {
  return serializeAdminCookie("", 0);
}

function serializeAdminCookie(value: string, maxAge: number): string {
  return `${ADMIN_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

export async function isAdminRequest(request: Request, config: Config): Promise<boolean> {
  const token = readCookie(request.headers.get("Cookie"), ADMIN_COOKIE);
  if (!token) return false;
  try {
    await jwtVerify(token, key(config), { algorithms: ["HS256"], subject: "admin" });
    return true;
  } catch {
    return false;
  }
}
