import { describe, expect, test } from "vitest";
import { canonicalRequest, checkClaim, signRequest, verifySignature } from "./device-signature.ts";

const secret = "s".repeat(32);
const now = 1_800_000_000_000;
const body = new TextEncoder().encode("segment bytes");
const request = { method: "PUT", path: "/api/ingest/segments/1/0.ts", body };
const expected = { deviceId: "cam-1", secret, now };

async function claim(change: { timestamp?: number; secret?: string; path?: string } = {}) {
  const timestamp = change.timestamp ?? now / 1000;
  const signature = await signRequest(change.secret ?? secret, {
    ...request,
    path: change.path ?? request.path,
    timestamp,
  });
  return { deviceId: "cam-1", timestamp: String(timestamp), signature };
}

const rejected = (code: string) => ({ ok: false, code });

describe("device signatures", () => {
  test("cover method, path, timestamp and the body's SHA-256", async () => {
    expect(await canonicalRequest({ ...request, timestamp: 42 })).toBe(
      "PUT\n/api/ingest/segments/1/0.ts\n42\n560e67b96c49975a2cf9adba2682e00cc6b74a879f2b6897e03b63d7434098e8",
    );
  });

  test("accept a fresh request signed with the device secret", async () => {
    expect(await verifySignature(expected, await claim(), request)).toEqual({ ok: true });
  });

  test("reject another device, key, path or body, and timestamps outside 300 s", async () => {
    const other = { ...(await claim()), deviceId: "cam-2" };
    expect(await verifySignature(expected, other, request)).toEqual(rejected("unknown_device"));
    const wrongKey = await claim({ secret: "t".repeat(32) });
    expect(await verifySignature(expected, wrongKey, request)).toEqual(rejected("bad_signature"));
    const wrongPath = await claim({ path: "/api/ingest/segments/1/1.ts" });
    expect(await verifySignature(expected, wrongPath, request)).toEqual(rejected("bad_signature"));
    const wrongBody = { ...request, body: new Uint8Array(3) };
    expect(await verifySignature(expected, await claim(), wrongBody)).toEqual(
      rejected("bad_signature"),
    );
    const old = await claim({ timestamp: now / 1000 - 301 });
    expect(await verifySignature(expected, old, request)).toEqual(rejected("stale_timestamp"));
    const garbled = { ...(await claim()), signature: "zz" };
    expect(await verifySignature(expected, garbled, request)).toEqual(rejected("bad_signature"));
  });

  test("the claim alone (no body) already refuses another device and a stale timestamp", async () => {
    const fresh = await claim();
    expect(checkClaim(expected, fresh)).toEqual({ ok: true });
    expect(checkClaim(expected, { ...fresh, deviceId: null })).toEqual(rejected("unknown_device"));
    const late = { ...fresh, timestamp: String(now / 1000 + 301) };
    expect(checkClaim(expected, late)).toEqual(rejected("stale_timestamp"));
    expect(checkClaim(expected, { ...fresh, timestamp: "1e9" })).toEqual(
      rejected("stale_timestamp"),
    );
    expect(checkClaim(expected, { ...fresh, signature: "ab" })).toEqual(rejected("bad_signature"));
  });
});
