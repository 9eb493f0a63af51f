const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 10_000;
const LONGEST_WAIT_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 86_400_000;
export const SITE_FAILURES_PER_MINUTE = 20;
const SITE_WINDOW_MS = 60_000;

export type KeyRecord = { failures: number; blockedUntil: number; lastFailureAt: number };
export type SiteWindow = { start: number; failures: number };
export type Admission = { admitted: true } | { admitted: false; retryAfterMs: number };

export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_WAIT_MS);
}

function currentWindow(site: SiteWindow, now: number): SiteWindow {
  return now - site.start >= SITE_WINDOW_MS ? { start: now, failures: 0 } : site;
}

/** Judges an attempt before its password is checked, counting it as failed in advance. */
export function admitAttempt(
  state: { record: KeyRecord | null; site: SiteWindow },
  trusted: boolean,
  now: number,
):
  | { admitted: false; retryAfterMs: number }
  | { admitted: true; record: KeyRecord; site: SiteWindow } {
  const record =
    state.record && now - state.record.lastFailureAt < FORGET_AFTER_MS ? state.record : null;
  if (record && record.blockedUntil > now) {
    return { admitted: false, retryAfterMs: record.blockedUntil - now };
  }
  let site = currentWindow(state.site, now);
  if (!trusted) {
    if (site.failures >= SITE_FAILURES_PER_MINUTE) {
      return { admitted: false, retryAfterMs: site.start + SITE_WINDOW_MS - now };
    }
    site = { ...site, failures: site.failures + 1 };
  }
  const failures = (record?.failures ?? 0) + 1;
  return {
    admitted: true,
    record: { failures, blockedUntil: now + waitAfter(failures), lastFailureAt: now },
    site,
  };
}

/** A correct password gives back the failure counted in advance, if still in its window. */
export function siteAfterSuccess(site: SiteWindow, trusted: boolean, now: number): SiteWindow {
  if (trusted || now - site.start >= SITE_WINDOW_MS) return site;
  return { ...site, failures: Math.max(0, site.failures - 1) };
}
