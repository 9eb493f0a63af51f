// Only Web Crypto, no imports: Node 24 on the box and workerd both run this file as it is.

export const SIGNATURE_WINDOW_SECONDS = 300;

export const DEVICE_HEADERS = {
  device: "X-Device-Id",
  timestamp: "X-Timestamp",
  signature: "X-Signature",
  /** The body's SHA-256 (hex), which the signature covers; absent means an empty body. */
  contentSha256: "X-Content-SHA256",
} as const;

export type SignedParts = {
  method: string;
  path: string;
  /** Unix seconds. */
  timestamp: number;
  body: Uint8Array;
};

const encoder = new TextEncoder();

export function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(body: Uint8Array): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", body as Uint8Array<ArrayBuffer>));
}

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

type Canonical = Omit<SignedParts, "body"> & { bodySha256: string };

/** "METHOD\npath\ntimestamp\nsha256(body)": what the HMAC covers. */
export function canonicalRequest(parts: Canonical): string {
  return [parts.method.toUpperCase(), parts.path, parts.timestamp, parts.bodySha256].join("\n");
}

function hmacKey(secret: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    [usage],
  );
}

export async function signRequest(
  secret: string,
  deviceId: string,
  { body, ...parts }: SignedParts,
): Promise<Record<string, string>> {
  const bodySha256 = await sha256Hex(body);
  const key = await hmacKey(secret, "sign");
  const data = encoder.encode(canonicalRequest({ ...parts, bodySha256 }));
  return {
    [DEVICE_HEADERS.device]: deviceId,
    [DEVICE_HEADERS.timestamp]: String(parts.timestamp),
    [DEVICE_HEADERS.contentSha256]: bodySha256,
    [DEVICE_HEADERS.signature]: hex(await crypto.subtle.sign("HMAC", key, data)),
  };
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; code: "unknown_device" | "bad_signature" | "stale_timestamp" };

export type Claimed = {
  deviceId: string | null;
  timestamp: string | null;
  signature: string | null;
  contentSha256: string | null;
};
type Expected = { deviceId: string; secret: string; now: number };

function checkClaim(expected: Omit<Expected, "secret">, claimed: Claimed): SignatureCheck {
  if (claimed.deviceId !== expected.deviceId) return { ok: false, code: "unknown_device" };
  if (!/^\d{1,12}$/.test(claimed.timestamp ?? "")) return { ok: false, code: "stale_timestamp" };
  if (Math.abs(expected.now / 1000 - Number(claimed.timestamp)) > SIGNATURE_WINDOW_SECONDS) {
    return { ok: false, code: "stale_timestamp" };
  }
  if (!/^[0-9a-f]{64}$/.test(claimed.signature ?? "")) return { ok: false, code: "bad_signature" };
  if (!/^[0-9a-f]{64}$/.test(claimed.contentSha256 ?? EMPTY_SHA256)) {
    return { ok: false, code: "bad_signature" };
  }
  return { ok: true };
}

/** Headers only, so a request without the secret is refused before its body is read; `bodyMatches` checks the body. */
export async function verifySignature(
  expected: Expected,
  claimed: Claimed,
  request: { method: string; path: string },
): Promise<SignatureCheck> {
  const claim = checkClaim(expected, claimed);
  if (!claim.ok) return claim;
  const signature = Uint8Array.from((claimed.signature ?? "").match(/../g) ?? [], (pair) =>
    Number.parseInt(pair, 16),
  );
  const key = await hmacKey(expected.secret, "verify");
  const data = encoder.encode(
    canonicalRequest({
      ...request,
      timestamp: Number(claimed.timestamp),
      bodySha256: claimed.contentSha256 ?? EMPTY_SHA256,
    }),
  );
  const valid = await crypto.subtle.verify("HMAC", key, signature, data);
  return valid ? { ok: true } : { ok: false, code: "bad_signature" };
}

export async function bodyMatches(claimed: Claimed, body: Uint8Array): Promise<boolean> {
  return (await sha256Hex(body)) === (claimed.contentSha256 ?? EMPTY_SHA256);
}
