// D1's full queue passes within moments: the truthful answer is 503 with Retry-After, not 500.
const OVERLOADED = "D1 DB is overloaded";
// SQLite's lock taken by another writer (local D1 is one file) is as passing as a full queue.
const LOCKED = "SQLITE_BUSY";

function causedBy(error: unknown, messages: string[]): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (messages.some((message) => cause instanceof Error && cause.message.includes(message))) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}

export const isDatabaseBusy = (error: unknown) => causedBy(error, [OVERLOADED, LOCKED]);

// About 1.5 s in all, as an SQLite client's busy timeout would wait.
const LOCK_WAITS_MS = [20, 40, 80, 160, 320, 640];

/** Local D1 has no busy timeout: a statement refused for another process's write wrote nothing, so it runs again. */
export async function waitingOutLocks<T>(run: () => Promise<T>): Promise<T> {
  for (const wait of LOCK_WAITS_MS) {
    try {
      return await run();
    } catch (error) {
      if (!causedBy(error, [LOCKED])) throw error;
      await scheduler.wait(wait);
    }
  }
  return run();
}

/** Seconds to wait before asking again: D1's queue drains within seconds. */
export const DATABASE_BUSY_RETRY_AFTER = "5";
