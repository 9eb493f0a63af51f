import { DurableObject } from "cloudflare:workers";
import {
  type Admission,
  admitAttempt,
  FORGET_AFTER_MS,
  type KeyRecord,
  type SiteWindow,
  siteAfterSuccess,
} from "#app/.server/auth/login-throttle.ts";

const SITE_KEY = "site";

/** One object runs one call at a time, so judging an attempt and counting it cannot interleave. */
export class LoginGuard extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS keys (
         key TEXT PRIMARY KEY,
         failures INTEGER NOT NULL,
         blocked_until INTEGER NOT NULL,
         last_failure_at INTEGER NOT NULL
       );
       CREATE INDEX IF NOT EXISTS keys_last_failure ON keys (last_failure_at);`,
    );
  }

  private get site(): SiteWindow {
    return this.ctx.storage.kv.get<SiteWindow>(SITE_KEY) ?? { start: 0, failures: 0 };
  }

  private record(key: string): KeyRecord | null {
    return (
      this.ctx.storage.sql
        .exec<KeyRecord>(
          `SELECT failures, blocked_until AS blockedUntil, last_failure_at AS lastFailureAt
           FROM keys WHERE key = ?`,
          key,
        )
        .toArray()[0] ?? null
    );
  }

  /** Whether this attempt may have its password checked; it counts as failed until `succeeded`. */
  async admit(key: string, trusted: boolean): Promise<Admission> {
    const decision = admitAttempt(
      { record: this.record(key), site: this.site },
      trusted,
      Date.now(),
    );
    if (!decision.admitted) return decision;
    const { failures, blockedUntil, lastFailureAt } = decision.record;
    this.ctx.storage.sql.exec(
      `INSERT INTO keys (key, failures, blocked_until, last_failure_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET failures = excluded.failures,
         blocked_until = excluded.blocked_until, last_failure_at = excluded.last_failure_at`,
      key,
      failures,
      blockedUntil,
      lastFailureAt,
    );
    this.ctx.storage.kv.put(SITE_KEY, decision.site);
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(lastFailureAt + FORGET_AFTER_MS);
    }
    return { admitted: true };
  }

  succeeded(key: string, trusted: boolean): void {
    this.ctx.storage.sql.exec("DELETE FROM keys WHERE key = ?", key);
    this.ctx.storage.kv.put(SITE_KEY, siteAfterSuccess(this.site, trusted, Date.now()));
  }

  override async alarm(): Promise<void> {
    const forgetBefore = Date.now() - FORGET_AFTER_MS;
    this.ctx.storage.sql.exec("DELETE FROM keys WHERE last_failure_at <= ?", forgetBefore);
    const { oldest } = this.ctx.storage.sql
      .exec<{ oldest: number | null }>("SELECT min(last_failure_at) AS oldest FROM keys")
      .one();
    if (oldest !== null) await this.ctx.storage.setAlarm(oldest + FORGET_AFTER_MS);
  }
}
