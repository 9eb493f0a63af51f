import { describe, expect, test } from "vitest";
import {
  bodyMatches,
  type Claimed,
  canonicalRequest,
  DEVICE_HEADERS,
  signRequest,
  verifySignature,
} from "./device-signature.ts";

const secret = "s".repeat(32);
const now = 1_800_000_000_000;
const body = new TextEncoder().encode("segment bytes");
const request = { method: "PUT", path: "/api/ingest/segments/1/0.ts" };
const expected = { deviceId: "cam-1", secret, now };

/** What the Worker reads from a request signed with these changes. */
async function claim(
  change: { timestamp?: number; secret?: string; path?: string; body?: Uint8Array } = {},
): Promise<Claimed> {
  const headers = await signRequest(change.secret ?? secret, "cam-1", {
    ...request,
    path: change.path ?? request.path,
    timestamp: change.timestamp ?? now / 1000,
    body: change.body ?? body,
  });
  return {
    deviceId: headers[DEVICE_HEADERS.device] ?? null,
    timestamp: headers[DEVICE_HEADERS.timestamp] ?? null,
    signature: headers[DEVICE_HEADERS.signature] ?? null,
    contentSha256: headers[DEVICE_HEADERS.contentSha256] ?? null,
  };
}

const rejected = (code: string) => ({ ok: false, code });

describe("device signatures", () => {
  test("cover method, path, timestamp and the body's SHA-256", async () => {
    const signed = await claim();
    expect(signed.contentSha256).toBe(
      "560e67b96c49975a2cf9adba2682e00cc6b74a879f2b6897e03b63d7434098e8",
    );
    expect(
      canonicalRequest({ ...request, timestamp: 42, bodySha256: signed.contentSha256 ?? "" }),
    ).toBe(
      "PUT\n/api/ingest/segments/1/0.ts\n42\n560e67b96c49975a2cf9adba2682e00cc6b74a879f2b6897e03b63d7434098e8",
    );
  });

  test("accept a fresh request signed with the device secret, and its body", async () => {
    const signed = await claim();
    expect(await verifySignature(expected, signed, request)).toEqual({ ok: true });
    expect(await bodyMatches(signed, body)).toBe(true);
  });

  test("are checked without the body: another device, key, path or stale time is refused", async () => {
    const other = { ...(await claim()), deviceId: "cam-2" };
    expect(await verifySignature(expected, other, request)).toEqual(rejected("unknown_device"));
    const wrongKey = await claim({ secret: "t".repeat(32) });
    expect(await verifySignature(expected, wrongKey, request)).toEqual(rejected("bad_signature"));
    const wrongPath = await claim({ path: "/api/ingest/segments/1/1.ts" });
    expect(await verifySignature(expected, wrongPath, request)).toEqual(rejected("bad_signature"));
    const old = await claim({ timestamp: now / 1000 - 301 });
    expect(await verifySignature(expected, old, request)).toEqual(rejected("stale_timestamp"));
    const late = await claim({ timestamp: now / 1000 + 301 });
    expect(await verifySignature(expected, late, request)).toEqual(rejected("stale_timestamp"));
    const fresh = await claim();
    expect(await verifySignature(expected, { ...fresh, timestamp: "1e9" }, request)).toEqual(
      rejected("stale_timestamp"),
    );
    expect(await verifySignature(expected, { ...fresh, signature: "zz" }, request)).toEqual(
      rejected("bad_signature"),
    );
  });

  test("refuse a body hash the signature does not cover, and a body that is not the signed one", async () => {
    const signed = await claim();
    const otherHash = (await claim({ body: new Uint8Array(3) })).contentSha256;
    expect(
      await verifySignature(expected, { ...signed, contentSha256: otherHash }, request),
    ).toEqual(rejected("bad_signature"));
    expect(await verifySignature(expected, { ...signed, contentSha256: "ab" }, request)).toEqual(
      rejected("bad_signature"),
    );
    expect(await bodyMatches(signed, new Uint8Array(3))).toBe(false);
  });

  test("without a content hash, cover an empty body only (the control socket's query)", async () => {
    const empty = { ...(await claim({ body: new Uint8Array() })), contentSha256: null };
    expect(await verifySignature(expected, empty, request)).toEqual({ ok: true });
    expect(await bodyMatches(empty, new Uint8Array())).toBe(true);
    expect(await bodyMatches(empty, body)).toBe(false);
  });
});
