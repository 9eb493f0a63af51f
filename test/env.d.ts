declare namespace Cloudflare {
  interface Env {
    EMPTY_DB: D1Database;
    PARTIAL_DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** What the local send_email binding delivered in this run (vitest.config.ts). */
    MAIL_DROP: Fetcher;
  }
}
