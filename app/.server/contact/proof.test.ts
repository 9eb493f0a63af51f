import { describe, expect, test } from "vitest";
import { solveProof } from "#app/features/contact/contact-proof.ts";
import { checkProof, createProof, PROOF_RANGE } from "./proof.ts";

const secret = "a-secret-that-is-long-enough-for-tests";

describe("the contact form's proof of work", () => {
  test("the browser's search finds the number the server accepts, within the range", async () => {
    const puzzle = await createProof(secret, "nonce-of-one-question");
    expect(puzzle).toMatchObject({ salt: "nonce-of-one-question", range: PROOF_RANGE });
    const answer = await solveProof(puzzle);
    expect(answer).toBeLessThan(PROOF_RANGE);
    expect(await checkProof(secret, "nonce-of-one-question", String(answer))).toBe(true);
  });

  test("refuses another number, another question's answer, another secret's and no number", async () => {
    const answer = await solveProof(await createProof(secret, "first-question"));
    const other = await solveProof(await createProof(secret, "second-question"));
    expect(await checkProof(secret, "first-question", String((answer + 1) % PROOF_RANGE))).toBe(
      false,
    );
    if (other !== answer) {
      expect(await checkProof(secret, "first-question", String(other))).toBe(false);
    }
    expect(await checkProof(`${secret}!`, "first-question", String(answer))).toBe(false);
    for (const text of ["", " ", "1e3", "-1", "12345678"]) {
      expect(await checkProof(secret, "first-question", text)).toBe(false);
    }
  });

  test("gives each question its own puzzle", async () => {
    const first = await createProof(secret, "first-question");
    const second = await createProof(secret, "second-question");
    expect(first.target).not.toBe(second.target);
    expect(first.target).toMatch(/^[0-9a-f]{64}$/);
  });
});
