import type { ProofPuzzle } from "#app/features/contact/contact-fields.ts";
import { proofText } from "#app/features/contact/contact-proof.ts";
import { sha256Hex } from "#protocol/device-signature.ts";
import { hmacKey } from "./challenge.ts";

/** Under a second on a phone four times slower than this machine (bench/contact-proof-time.ts). */
export const PROOF_RANGE = 30_000;

const encoder = new TextEncoder();

/** The answer, derived from the question's nonce: nothing to store, and only we know it. */
async function answerFor(secret: string, nonce: string): Promise<number> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`contact-proof\n${nonce}`),
  );
  return new DataView(mac).getUint32(0) % PROOF_RANGE;
}

/** Bound to one question: its nonce is the salt, and a nonce is accepted once. */
export async function createProof(secret: string, nonce: string): Promise<ProofPuzzle> {
  const answer = await answerFor(secret, nonce);
  const target = await sha256Hex(encoder.encode(proofText(nonce, answer)));
  return { salt: nonce, target, range: PROOF_RANGE };
}

export async function checkProof(secret: string, nonce: string, answer: string): Promise<boolean> {
  return /^\d{1,7}$/.test(answer) && Number(answer) === (await answerFor(secret, nonce));
}
