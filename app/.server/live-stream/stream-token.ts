import { errors, jwtVerify, SignJWT } from "jose";

// Signed with SESSION_SECRET; the audience keeps these apart from admin session tokens.
const AUDIENCE = "stream";
/** Lets a player fetch the last segment it was shown in the final seconds of the session. */
export const TOKEN_SLACK_SECONDS = 10;

const encoder = new TextEncoder();

export function createStreamToken(secret: string, sessionId: string, expiresAt: number) {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setSubject(sessionId)
    .setExpirationTime(Math.floor(expiresAt / 1000) + TOKEN_SLACK_SECONDS)
    .sign(encoder.encode(secret));
}

export type TokenCheck =
  | { ok: true; sessionId: string; endsAt: number }
  | { ok: false; status: 401 | 403; code: "missing_token" | "invalid_token" | "session_expired" };

export async function verifyStreamToken(
  secret: string,
  token: string | undefined,
  now = Date.now(),
): Promise<TokenCheck> {
  if (!token) return { ok: false, status: 401, code: "missing_token" };
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      // jose accepts a token without "exp"; one that never expires would outlive every session.
      requiredClaims: ["exp"],
      currentDate: new Date(now),
    });
    if (!payload.sub || payload.exp === undefined) {
      return { ok: false, status: 401, code: "invalid_token" };
    }
    return { ok: true, sessionId: payload.sub, endsAt: (payload.exp - TOKEN_SLACK_SECONDS) * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return { ok: false, status: 403, code: "session_expired" };
    return { ok: false, status: 401, code: "invalid_token" };
  }
}
