import { describe, expect, test } from "vitest";
import { MIN_FILL_MS } from "#app/features/contact/contact-fields.ts";
import { answerOf, CHALLENGE_LIFETIME_MS, checkAnswer, createChallenge } from "./challenge.ts";

const secret = "a-secret-that-is-long-enough-for-tests";
const issued = Date.UTC(2026, 5, 10, 12, 0, 0);
const later = issued + MIN_FILL_MS;

describe("the contact form's maths challenge", () => {
  test("asks about single digits and never has a negative answer", async () => {
    for (let i = 0; i < 200; i++) {
      const { question } = await createChallenge(secret, issued);
      expect([question.a, question.b].every((n) => n >= 1 && n <= 9)).toBe(true);
      expect(answerOf(question)).toBeGreaterThanOrEqual(0);
    }
  });

  test("passes the right answer, once the minimum fill time is over", async () => {
    const { question, token } = await createChallenge(secret, issued);
    const check = await checkAnswer(secret, token, ` ${answerOf(question)} `, later);
    expect(check).toMatchObject({ status: "passed", expiresAt: issued + CHALLENGE_LIFETIME_MS });
  });

  test("refuses a wrong answer, an answer that is no number, and another secret", async () => {
    const { question, token } = await createChallenge(secret, issued);
    const right = String(answerOf(question));
    expect(await checkAnswer(secret, token, String(answerOf(question) + 1), later)).toEqual({
      status: "wrong",
    });
    expect(await checkAnswer(secret, token, "seven", later)).toEqual({ status: "wrong" });
    expect(await checkAnswer(`${secret}!`, token, right, later)).toEqual({ status: "wrong" });
  });

  test("refuses a token whose times or nonce were changed", async () => {
    const { question, token } = await createChallenge(secret, issued);
    const right = String(answerOf(question));
    const [issuedAt, expiresAt, nonce, mac] = token.split(".");
    const forged = [
      [String(issued - 60_000), expiresAt, nonce, mac],
      [issuedAt, String(issued + 10 * CHALLENGE_LIFETIME_MS), nonce, mac],
      // Another first letter: a nonce starting with "A" must not stay the same.
      [issuedAt, expiresAt, `${nonce?.startsWith("A") ? "B" : "A"}${nonce?.slice(1)}`, mac],
      [issuedAt, expiresAt, nonce],
    ];
    for (const parts of forged) {
      expect(await checkAnswer(secret, parts.join("."), right, later)).toEqual({ status: "wrong" });
    }
  });

  test("says when a right answer came too fast or too late", async () => {
    const { question, token } = await createChallenge(secret, issued);
    const right = String(answerOf(question));
    expect(await checkAnswer(secret, token, right, later - 1)).toEqual({ status: "too_fast" });
    expect(await checkAnswer(secret, token, right, issued + CHALLENGE_LIFETIME_MS + 1)).toEqual({
      status: "expired",
    });
  });

  test("gives every question its own nonce", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 50; i++)
      nonces.add((await createChallenge(secret)).token.split(".")[2] ?? "");
    expect(nonces.size).toBe(50);
  });
});
