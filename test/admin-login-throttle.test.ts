import { beforeEach, describe, expect, test } from "vitest";
import { ADMIN_PASSWORD } from "./admin.ts";
import {
  attempt,
  forgetEveryAttempt,
  rememberedKeys,
  statusesOf,
  waitsAreOver,
} from "./admin-login.ts";

beforeEach(forgetEveryAttempt);

/** The n-th address of a /64 (the interface half varies as a privacy-extension client's would). */
const inSlash64 = (prefix: string, n: number) =>
  `${prefix}:${(n * 7919) % 65_536 || 1}:${n.toString(16)}:beef:${(n * 31) % 65_536}`;

// Dozens of requests each: on a busy machine they take longer than vitest's default 5 s.
describe("per network", { timeout: 30_000 }, () => {
  test("wrong passwords from anywhere in one IPv6 /64 are stopped after five", async () => {
    const responses: Response[] = [];
    for (let i = 1; i <= 30; i++) {
      responses.push(await attempt(`guess-${i}`, inSlash64("2001:db8:7:64", i)));
    }
    expect(statusesOf(responses.slice(0, 5))).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statusesOf(responses.slice(5)))).toEqual(new Set([429]));

    // The next /64 is someone else.
    expect((await attempt("guess", "2001:db8:7:65::1")).status).toBe(401);
  });

  test("a parallel burst gets no more password checks than a patient guesser", async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`guess-${i}`, "198.51.100.77")),
    );
    expect(statusesOf(burst).filter((status) => status === 401)).toHaveLength(5);
    expect(statusesOf(burst).filter((status) => status === 429)).toHaveLength(25);
  });

  test("the throttled answer says how long to wait, and the wait doubles", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 5; i++) expect((await attempt("guess", ip)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await attempt("guess", ip);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("Retry-After"));
      waits.push(wait);
      const html = await refused.text();
      expect(html).toContain(`Too many attempts. Please try again in ${wait} seconds.`);
      expect(html).not.toContain("Incorrect password");
      await waitsAreOver();
      expect((await attempt("guess", ip)).status).toBe(401);
    }
    // 10, 20 and 40 s, less whatever a busy machine took between the attempts.
    expect(waits[0]).toBeGreaterThan(5);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(waits[1]).toBeGreaterThan(15);
    expect(waits[1]).toBeLessThanOrEqual(20);
    expect(waits[2]).toBeGreaterThan(35);
    expect(waits[2]).toBeLessThanOrEqual(40);
  });

  test("the right password is still refused while the network waits, then logs in and resets it", async () => {
    const ip = "203.0.113.51";
    for (let i = 0; i < 5; i++) await attempt("guess", ip);
    expect((await attempt(ADMIN_PASSWORD, ip)).status).toBe(429);
    await waitsAreOver();
    expect((await attempt(ADMIN_PASSWORD, ip)).status).toBe(302);
    // Back to five free attempts.
    for (let i = 0; i < 5; i++) expect((await attempt("guess", ip)).status).toBe(401);
  });

  test("failures are kept under a pseudonym, and forgotten a day after the last one", async () => {
    await attempt("guess", "203.0.113.53");
    await attempt("guess", "2001:db8:53::1");
    const keys = await rememberedKeys();
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^network:[0-9a-f]{32}$/);
    // Even when the network never tries again.
    expect(await rememberedKeys({ aDayLater: true })).toEqual([]);
  });

  test("the wrong password keeps the spec's message", async () => {
    const response = await attempt("guess", "203.0.113.52");
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Incorrect password");
  });
});
