import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { expectConsoleError } from "./console-errors.ts";
import { createMedia } from "./factories.ts";
import { CRAWLER_UA, visitWith } from "./helpers.ts";

/** The built Worker with a database whose tables were never created: every query fails. */
const brokenDatabase = () => ({ ...env, DB: env.EMPTY_DB });

/** D1 with its queue full (or its file locked): it refuses every query with the error D1 gives then. */
function overloadedDatabase(
  message = "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
): Env {
  const refuse = () => Promise.reject(new Error(message));
  const statement = { bind: () => statement, first: refuse, run: refuse, all: refuse, raw: refuse };
  const session = { prepare: () => statement, batch: refuse };
  const DB = { ...session, exec: refuse, withSession: () => session };
  return { ...env, DB: DB as unknown as D1Database };
}

/**
 * Local D1 while another process writes its file: the first `refusals` queries meet SQLite's
 * lock, then the real database answers.
 */
function lockedForAMoment(refusals: number): Env {
  let left = refusals;
  const real = new WeakMap<object, D1PreparedStatement>();
  const locked = <T>(run: () => Promise<T>) => {
    if (left <= 0) return run();
    left -= 1;
    return Promise.reject(new Error("D1_ERROR: database is locked: SQLITE_BUSY"));
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => locked(() => statement.first(column as string)),
      run: () => locked(() => statement.run()),
      all: () => locked(() => statement.all()),
      raw: () => locked(() => statement.raw()),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, statement);
    return wrapped;
  };
  const DB = {
    prepare: (query: string) => wrap(env.DB.prepare(query)),
    batch: (statements: D1PreparedStatement[]) =>
      locked(() => env.DB.batch(statements.map((s) => real.get(s) ?? s))),
    exec: (query: string) => locked(() => env.DB.exec(query)),
  };
  return { ...env, DB: DB as unknown as D1Database };
}

describe("server errors", () => {
  test("visitors see the 500 page with code, message and description", async () => {
    expectConsoleError(/^GET \/en\/about: .*Failed query/);
    const response = await visitWith(brokenDatabase(), "/en/about");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(">500<");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Something went wrong on our side");
    expect(html).not.toMatch(/at \S+ \(/); // no stack trace outside development
  });

  test("crawlers get the status without the error page, and the error is logged", async () => {
    expectConsoleError(/^GET \/en\/about: .*Failed query/);
    const response = await visitWith(brokenDatabase(), "/en/about", CRAWLER_UA);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Error");
  });

  test("a busy database makes a page a 503 to try again shortly, for visitors and crawlers", async () => {
    expectConsoleError(/^GET \/en\/gallery: .*Failed query/);
    const response = await visitWith(overloadedDatabase(), "/en/gallery");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await response.text();
    expect(html).toContain(">503<");
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");

    const crawled = await visitWith(overloadedDatabase(), "/en/gallery", CRAWLER_UA);
    expect(crawled.status).toBe(503);
    expect(crawled.headers.get("Retry-After")).toBe(response.headers.get("Retry-After"));
  });

  test("a locked database is as busy: a 503 to try again shortly, not a 500", async () => {
    expectConsoleError(/^GET \/en\/gallery: .*Failed query/);
    const locked = overloadedDatabase("D1_ERROR: database is locked: SQLITE_BUSY");
    const response = await visitWith(locked, "/en/gallery");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("a database locked for a moment by another process: the visitor's like waits and counts", async () => {
    await createMedia({ id: "locked01", titleEn: "Harbour at noon" });
    const response = await visitWith(lockedForAMoment(3), "/api/media/locked01/like", undefined, {
      method: "POST",
    });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("select like_count from media where id = 'locked01'").first();
    expect(row).toEqual({ like_count: 1 });
  });

  test("a busy database makes an API request a 503 to try again shortly", async () => {
    expectConsoleError(/^api: the database is busy/);
    const response = await visitWith(overloadedDatabase(), "/api/media");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      error: { code: "database_busy", message: "The database is busy; try again shortly" },
    });
  });

  test("a missing secret fails with a message that names it", async () => {
    expectConsoleError(/secret SESSION_SECRET is missing/);
    const { SESSION_SECRET: _, ...withoutSecret } = env;
    const response = await visitWith(withoutSecret as unknown as Env, "/api/health");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("secret SESSION_SECRET is missing");
  });
});
