import { describe, expect, test } from "vitest";
import {
  admitAttempt,
  FORGET_AFTER_MS,
  type KeyRecord,
  SITE_FAILURES_PER_MINUTE,
  type SiteWindow,
  siteAfterSuccess,
  waitAfter,
} from "./login-throttle.ts";

const T0 = Date.UTC(2026, 10, 22, 12);

/** One key failing again and again, each time as soon as it is let in; the waits it meets. */
function waitsOfAPersistentKey(attempts: number): number[] {
  let record: KeyRecord | null = null;
  let site: SiteWindow = { start: 0, failures: 0 };
  let now = T0;
  const waits: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const attempt = admitAttempt({ record, site }, true, now);
    if (!attempt.admitted) throw new Error("it waited as long as it was told");
    ({ record, site } = attempt);
    const next = admitAttempt({ record, site }, true, now);
    const wait = next.admitted ? 0 : next.retryAfterMs;
    waits.push(wait);
    now += wait;
  }
  return waits;
}

describe("per-key backoff", () => {
  test("five failures are free, then the wait doubles from 10 s up to 15 minutes", () => {
    expect(waitsOfAPersistentKey(14).map((ms) => ms / 1000)).toEqual([
      0, 0, 0, 0, 10, 20, 40, 80, 160, 320, 640, 900, 900, 900,
    ]);
    expect(waitAfter(1000)).toBe(15 * 60_000);
  });

  test("a key's failures are forgotten a day after its last one", () => {
    const record: KeyRecord = { failures: 9, blockedUntil: T0 + 160_000, lastFailureAt: T0 };
    const site = { start: 0, failures: 0 };
    expect(admitAttempt({ record, site }, false, T0 + 1000)).toEqual({
      admitted: false,
      retryAfterMs: 159_000,
    });
    const nextDay = admitAttempt({ record, site }, false, T0 + FORGET_AFTER_MS);
    expect(nextDay).toMatchObject({ admitted: true, record: { failures: 1 } });
  });
});

describe("site-wide ceiling", () => {
  function attack(site: SiteWindow, networks: number, now: number) {
    let admitted = 0;
    for (let i = 0; i < networks; i++) {
      const decision = admitAttempt({ record: null, site }, false, now);
      if (decision.admitted) {
        admitted += 1;
        site = decision.site;
      }
    }
    return { site, admitted };
  }

  test("holds across networks, and a normal client gets in within a minute of the attack's end", () => {
    const first = attack({ start: 0, failures: 0 }, 500, T0);
    expect(first.admitted).toBe(SITE_FAILURES_PER_MINUTE);
    // The attack goes on into the next window, then stops right after filling it.
    const last = attack(first.site, 500, T0 + 60_000);
    expect(last.admitted).toBe(SITE_FAILURES_PER_MINUTE);
    const stopped = T0 + 60_001;

    const during = admitAttempt({ record: null, site: last.site }, false, stopped + 30_000);
    expect(during).toEqual({ admitted: false, retryAfterMs: 29_999 });
    const after = admitAttempt({ record: null, site: last.site }, false, stopped + 59_999);
    expect(after.admitted).toBe(true);
  });

  test("a trusted device is not counted against it, nor held back by it", () => {
    const full = attack({ start: 0, failures: 0 }, 100, T0).site;
    const owner = admitAttempt({ record: null, site: full }, true, T0 + 1);
    expect(owner).toMatchObject({ admitted: true, site: full });
  });

  test("a correct password hands its counted failure back, within the same window only", () => {
    const site = { start: T0, failures: 7 };
    expect(siteAfterSuccess(site, false, T0 + 1000)).toEqual({ start: T0, failures: 6 });
    expect(siteAfterSuccess(site, true, T0 + 1000)).toEqual(site);
    expect(siteAfterSuccess(site, false, T0 + 60_000)).toEqual(site);
  });
});
