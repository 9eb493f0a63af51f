/**
 * D1 runs one query at a time and refuses new ones while its queue is full ("D1 DB is
 * overloaded"): a moment later the same request may well succeed, so the truthful answer is
 * 503 with Retry-After, not 500. Drizzle wraps D1's error, so the cause chain is searched.
 */
// SQLite's lock taken by another writer (local D1 is one file) is as passing as a full queue.
const BUSY = ["D1 DB is overloaded", "SQLITE_BUSY"];

export function isDatabaseBusy(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (BUSY.some((message) => cause instanceof Error && cause.message.includes(message))) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}

/** Seconds to wait before asking again: D1's queue drains within seconds. */
export const DATABASE_BUSY_RETRY_AFTER = "5";
