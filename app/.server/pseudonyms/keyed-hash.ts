import { hex } from "#protocol/device-signature.ts";

const encoder = new TextEncoder();

/** 128 bits of HMAC-SHA256 as hex: a pseudonym for `text` that only `secret` can reproduce. */
export async function keyedHash(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(text));
  return hex(new Uint8Array(mac, 0, 16));
}
