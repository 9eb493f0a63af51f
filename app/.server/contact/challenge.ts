import { base64url } from "jose";
import { MIN_FILL_MS, type Question } from "#app/features/contact/contact-fields.ts";
import { HOUR_MS } from "#time/durations.ts";

/** Stateless: the signed token carries issue and expiry times, a nonce and the answer. */

export const CHALLENGE_LIFETIME_MS = 2 * HOUR_MS;

export type Challenge = { question: Question; token: string; nonce: string };

export type ChallengeCheck =
  | { status: "passed"; nonce: string; expiresAt: number }
  | { status: "wrong" | "expired" | "too_fast" };

const encoder = new TextEncoder();
const TOKEN = /^(\d{13})\.(\d{13})\.([\w-]{22})\.([\w-]{43})$/;

// Keys, not their promises: a pending promise is its request's, and another must not wait on it.
const keys = new Map<string, CryptoKey>();

/** SESSION_SECRET signs this too; a prefix in each signed text keeps its uses apart. */
export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret);
  if (known) return known;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  keys.set(secret, key);
  return key;
}

function signedText(answer: number, issuedAt: string, expiresAt: string, nonce: string) {
  return encoder.encode(`contact-challenge\n${answer}\n${issuedAt}\n${expiresAt}\n${nonce}`);
}

/** One or two single digits: unambiguous in every language and easy to read aloud. */
function randomQuestion(): Question {
  const [x = 0, y = 0, z = 0] = crypto.getRandomValues(new Uint8Array(3));
  const a = (x % 9) + 1;
  const b = (y % 9) + 1;
  return z % 2 === 0 || a === b
    ? { a, op: "+", b }
    : { a: Math.max(a, b), op: "-", b: Math.min(a, b) };
}

export function answerOf({ a, op, b }: Question): number {
  return op === "+" ? a + b : a - b;
}

export async function createChallenge(secret: string, now = Date.now()): Promise<Challenge> {
  const question = randomQuestion();
  const nonce = base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
  const issuedAt = String(now);
  const expiresAt = String(now + CHALLENGE_LIFETIME_MS);
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    signedText(answerOf(question), issuedAt, expiresAt, nonce),
  );
  return {
    question,
    token: `${issuedAt}.${expiresAt}.${nonce}.${base64url.encode(new Uint8Array(mac))}`,
    nonce,
  };
}

/** A forged token fails like a wrong answer; only a valid one can be "expired" or "too fast". */
export async function checkAnswer(
  secret: string,
  token: string,
  answer: string,
  now = Date.now(),
): Promise<ChallengeCheck> {
  const parts = TOKEN.exec(token);
  if (!parts || !/^\d{1,3}$/.test(answer.trim())) return { status: "wrong" };
  const [, issuedAt = "", expiresAt = "", nonce = "", mac = ""] = parts;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    new Uint8Array(base64url.decode(mac)),
    signedText(Number(answer), issuedAt, expiresAt, nonce),
  );
  if (!valid) return { status: "wrong" };
  if (now > Number(expiresAt)) return { status: "expired" };
  if (now - Number(issuedAt) < MIN_FILL_MS) return { status: "too_fast" };
  return { status: "passed", nonce, expiresAt: Number(expiresAt) };
}
