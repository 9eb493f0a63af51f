import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { createStreamToken, verifyStreamToken } from "./stream-token.ts";

const secret = "k".repeat(32);
const now = 1_800_000_000_000;

describe("stream session tokens", () => {
  test("authorise their session until its end plus ten seconds", async () => {
    const token = await createStreamToken(secret, "session-1", now + 60_000);
    expect(await verifyStreamToken(secret, token, now)).toEqual({
      ok: true,
      sessionId: "session-1",
      endsAt: now + 60_000,
    });
    expect(await verifyStreamToken(secret, token, now + 69_000)).toMatchObject({ ok: true });
    expect(await verifyStreamToken(secret, token, now + 71_000)).toEqual({
      ok: false,
      status: 403,
      code: "session_expired",
    });
  });

  test("are refused without an expiry", async () => {
    const timeless = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("stream")
      .setSubject("session-1")
      .sign(new TextEncoder().encode(secret));
    expect(await verifyStreamToken(secret, timeless, now)).toEqual({
      ok: false,
      status: 401,
      code: "invalid_token",
    });
  });

  test("are refused when missing, forged or signed with another key", async () => {
    const forged = await createStreamToken("f".repeat(32), "session-1", now + 60_000);
    expect(await verifyStreamToken(secret, undefined, now)).toMatchObject({ status: 401 });
    expect(await verifyStreamToken(secret, "not.a.token", now)).toMatchObject({ status: 401 });
    expect(await verifyStreamToken(secret, forged, now)).toMatchObject({
      status: 401,
      code: "invalid_token",
    });
  });
});
