// Shared by the Worker and the camera box (ingest/), so both ends sign the same bytes.
// Only Web Crypto, no imports: Node 24 and workerd both run this file as it is.

export const SIGNATURE_WINDOW_SECONDS = 300;

export const DEVICE_HEADERS = {
  device: "X-Device-Id",
  timestamp: "X-Timestamp",
  signature: "X-Signature",
} as const;

export type SignedParts = {
  method: string;
  /** Path only, no query string. */
  path: string;
  /** Unix seconds. */
  timestamp: number;
  body: Uint8Array;
};

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(body: Uint8Array): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", body as Uint8Array<ArrayBuffer>));
}

/** "METHOD\npath\ntimestamp\nsha256(body)": what the HMAC covers. */
export async function canonicalRequest(parts: SignedParts): Promise<string> {
  return [
    parts.method.toUpperCase(),
    parts.path,
    parts.timestamp,
    await sha256Hex(parts.body),
  ].join("\n");
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

export async function signRequest(secret: string, parts: SignedParts): Promise<string> {
  const key = await hmacKey(secret, "sign");
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(await canonicalRequest(parts))));
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; code: "unknown_device" | "bad_signature" | "stale_timestamp" };

type Claimed = { deviceId: string | null; timestamp: string | null; signature: string | null };
type Expected = { deviceId: string; secret: string; now: number };

/** Checked before the body is read, so a stranger's upload is never read. */
export function checkClaim(expected: Omit<Expected, "secret">, claimed: Claimed): SignatureCheck {
  if (claimed.deviceId !== expected.deviceId) return { ok: false, code: "unknown_device" };
  if (!/^\d{1,12}$/.test(claimed.timestamp ?? "")) return { ok: false, code: "stale_timestamp" };
  if (Math.abs(expected.now / 1000 - Number(claimed.timestamp)) > SIGNATURE_WINDOW_SECONDS) {
    return { ok: false, code: "stale_timestamp" };
  }
  if (!/^[0-9a-f]{64}$/.test(claimed.signature ?? "")) return { ok: false, code: "bad_signature" };
  return { ok: true };
}

/** Constant time via subtle.verify. */
export async function verifySignature(
  expected: Expected,
  claimed: Claimed,
  request: Omit<SignedParts, "timestamp">,
): Promise<SignatureCheck> {
  const claim = checkClaim(expected, claimed);
  if (!claim.ok) return claim;
  const signature = Uint8Array.from((claimed.signature ?? "").match(/../g) ?? [], (pair) =>
    Number.parseInt(pair, 16),
  );
  const key = await hmacKey(expected.secret, "verify");
  const timestamp = Number(claimed.timestamp);
  const data = encoder.encode(await canonicalRequest({ ...request, timestamp }));
  const valid = await crypto.subtle.verify("HMAC", key, signature, data);
  return valid ? { ok: true } : { ok: false, code: "bad_signature" };
}
