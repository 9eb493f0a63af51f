import { beforeEach, describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, cookiesOf, logIn } from "./admin.ts";
import { attempt, forgetEveryAttempt, statusesOf, waitsAreOver } from "./admin-login.ts";

// The site-wide window is shared by every test of this file: each starts afresh.
beforeEach(forgetEveryAttempt);

const SITE_FAILURES_PER_MINUTE = 20;

async function distributedAttack(count: number): Promise<number[]> {
  const responses: Response[] = [];
  for (let i = 0; i < count; i++) {
    const ip = i % 2 ? `192.0.2.${i % 250}` : `2001:db8:${i.toString(16)}::1`;
    responses.push(await attempt(`guess-${i}`, ip));
  }
  return statusesOf(responses);
}

// Dozens of requests each: on a busy machine they take longer than vitest's default 5 s.
describe("the site-wide ceiling", { timeout: 30_000 }, () => {
  test("holds across networks: past twenty failures a minute, every network waits", async () => {
    const statuses = await distributedAttack(30);
    expect(statuses.slice(0, SITE_FAILURES_PER_MINUTE)).toEqual(
      Array(SITE_FAILURES_PER_MINUTE).fill(401),
    );
    expect(statuses.slice(SITE_FAILURES_PER_MINUTE)).toEqual(Array(10).fill(429));

    // A newcomer with the right password waits too, and is told for how long (under a minute).
    const newcomer = await attempt(ADMIN_PASSWORD, "198.51.100.200");
    expect(newcomer.status).toBe(429);
    expect(Number(newcomer.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
  });

  test("a normal client gets in within a minute once the attack stops", async () => {
    await distributedAttack(30);
    expect((await attempt(ADMIN_PASSWORD, "198.51.100.201")).status).toBe(429);
    await waitsAreOver(); // a minute later
    expect((await attempt(ADMIN_PASSWORD, "198.51.100.201")).status).toBe(302);
  });
});

describe("the owner's trusted browser", { timeout: 30_000 }, () => {
  test("gets a long-lived, HttpOnly, Secure, SameSite=Strict device cookie, only on success", async () => {
    const wrong = await attempt("guess", "198.51.100.210");
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const right = await attempt(ADMIN_PASSWORD, "198.51.100.210");
    const device = right.headers.getSetCookie().find((c) => c.startsWith("__Host-admin_device="));
    expect(device).toMatch(/^__Host-admin_device=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(device).toContain("HttpOnly");
    expect(device).toContain("Secure");
    expect(device).toContain("SameSite=Strict");
    expect(device).toContain("Max-Age=34560000"); // 400 days, the most browsers keep

    // Each login renews it.
    const again = await attempt(
      ADMIN_PASSWORD,
      "198.51.100.210",
      cookiesOf(right)["__Host-admin_device"],
    );
    expect(Object.keys(cookiesOf(again))).toContain("__Host-admin_device");
  });

  test("logs in during an attack, even from the attacker's own network", async () => {
    const { device } = await logIn({ "CF-Connecting-IP": "198.51.100.220" });
    await distributedAttack(30);
    const attacker = "192.0.2.1";
    for (let i = 0; i < 10; i++) await attempt(`guess-${i}`, attacker);

    expect((await attempt(ADMIN_PASSWORD, "198.51.100.221")).status).toBe(429);
    expect((await attempt(ADMIN_PASSWORD, attacker)).status).toBe(429);
    const owner = await attempt(ADMIN_PASSWORD, attacker, device);
    expect(owner.status).toBe(302);
    expect(cookiesOf(owner)["__Host-admin_session"]).toMatch(/^__Host-admin_session=./);
  });

  test("is known by its signature: a made-up or borrowed cookie does not exempt", async () => {
    const { session } = await logIn({ "CF-Connecting-IP": "198.51.100.230" });
    await distributedAttack(30);
    for (const cookie of [
      "__Host-admin_device=made-up",
      session.replace("__Host-admin_session=", "__Host-admin_device="),
    ]) {
      expect((await attempt(ADMIN_PASSWORD, "198.51.100.231", cookie)).status).toBe(429);
    }
  });
});
