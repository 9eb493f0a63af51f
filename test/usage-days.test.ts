import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import type { StatsBuffer } from "#workers/durable-objects/stats-buffer.ts";
import { ADMIN_PASSWORD, cookiesOf, LOGIN } from "./admin.ts";
import { createMedia } from "./factories.ts";
import {
  BROWSER_UA,
  beforeStatements,
  ORIGIN,
  runCron,
  tagWith,
  usage,
  visitWith,
} from "./helpers.ts";

// An isolate writes its counts at most once a minute of Date.now(): the tests move it forward.
let now = Date.UTC(2031, 5, 1, 8, 0, 0);
function later(ms: number) {
  now += ms;
  vi.setSystemTime(now);
}
const today = () => utcDay(new Date(now));

type DayUsage = { requests: number; rowsRead: number; rowsWritten: number; objectRequests: number };

async function usageOf(day = today()): Promise<DayUsage> {
  const row = await env.DB.prepare(
    "select requests, rows_read as rowsRead, rows_written as rowsWritten, object_requests as objectRequests from usage_days where day = ?",
  )
    .bind(day)
    .first<DayUsage>();
  return row ?? { requests: 0, rowsRead: 0, rowsWritten: 0, objectRequests: 0 };
}

const sum = (
  meters: Awaited<ReturnType<typeof usage>>[],
  key: "rowsRead" | "rowsWritten" | "objectCalls",
) => meters.reduce((total, meter) => total + (meter[key] ?? 0), 0);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // A write is due: this visit's leaves only its own rows unwritten.
  later(10 * MINUTE_MS);
  await visitWith(env, "/api/health");
});

afterEach(() => {
  vi.useRealTimers();
});

test("the day's row counts every request with its D1 rows and object requests, written once a minute", async () => {
  const before = await usageOf();
  const item = await createMedia();
  const meters = [];
  for (const path of ["/en/about", "/en/gallery", "/api/stream/status"]) {
    later(10_000);
    meters.push(await usage(await visitWith(env, path)));
  }
  later(10_000);
  const like = { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.35" } };
  meters.push(await usage(await visitWith(env, `/api/media/${item.id}/like`, BROWSER_UA, like)));
  // 40 s after the last write: nothing written yet.
  expect(await usageOf()).toEqual(before);

  later(20_000);
  meters.push(await usage(await visitWith(env, "/api/stream/status")));
  const after = await usageOf();
  expect(after.requests - before.requests).toBe(5);
  // Beyond the headers: the previous hand-over of the day's counts to the StatsBuffer object.
  expect(after.objectRequests - before.objectRequests).toBe(sum(meters, "objectCalls") + 1);
  expect(sum(meters, "objectCalls")).toBeGreaterThan(0);
  expect(after.rowsRead - before.rowsRead).toBeGreaterThanOrEqual(sum(meters, "rowsRead"));
  expect(sum(meters, "rowsRead")).toBeGreaterThan(0);
  // Beyond the headers: the like's count in the background and the previous write's own row.
  expect(after.rowsWritten - before.rowsWritten).toBeGreaterThan(sum(meters, "rowsWritten"));
});

test("counts a write could not take are written by the next one", async () => {
  const before = await usageOf();
  later(MINUTE_MS);
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const usageDown = beforeStatements(env.DB, async (queries) => {
    if (queries.some((query) => query.includes("usage_days"))) throw new Error("D1 is down");
  });
  // The StatsBuffer object writes the day's counts: its D1 refuses them.
  const statsBuffer = env.STATS_BUFFER.getByName("site");
  await runInDurableObject(statsBuffer, (instance: StatsBuffer) => {
    Object.assign(instance, { env: { ...env, DB: usageDown } });
  });
  await visitWith(env, "/api/stream/status");
  expect(logged).toHaveBeenCalledWith(
    expect.stringMatching(/^statistics: D1 did not take the counts/),
    expect.any(Error),
  );
  logged.mockRestore();
  expect(await usageOf()).toEqual(before);

  await runInDurableObject(statsBuffer, (instance: StatsBuffer) => {
    Object.assign(instance, { env });
  });
  later(MINUTE_MS);
  await visitWith(env, "/api/stream/status");
  expect((await usageOf()).requests - before.requests).toBe(2);
});

test("a cron run counts as a request with the rows its jobs write, and keeps 30 days", async () => {
  const day = (daysAgo: number) => utcDay(new Date(now - daysAgo * DAY_MS));
  await env.DB.batch(
    [29, 30, 45, 90].map((daysAgo) =>
      env.DB.prepare(
        "insert into usage_days (day, requests, rows_read, rows_written, object_requests) values (?, 1, 1, 1, 1)",
      ).bind(day(daysAgo)),
    ),
  );
  const before = await usageOf();
  later(MINUTE_MS);
  await runCron();
  const after = await usageOf();
  expect(after.requests - before.requests).toBe(1);
  // Three old days deleted, and the previous write's own row.
  expect(after.rowsWritten - before.rowsWritten).toBeGreaterThanOrEqual(4);
  const kept = await env.DB.prepare("select day from usage_days where day < ? order by day")
    .bind(today())
    .all<{ day: string }>();
  expect(kept.results.map((row) => row.day)).toEqual([day(29)]);
});

/** Logs the owner in through the built Worker (no request left running after it). */
async function ownerCookie(): Promise<string> {
  const response = await visitWith(env, LOGIN, BROWSER_UA, {
    method: "POST",
    body: new URLSearchParams({ password: ADMIN_PASSWORD }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "CF-Connecting-IP": "2001:db8:35::1",
    },
  });
  expect(response.status).toBe(302);
  return cookiesOf(response)["__Host-admin_session"] ?? "";
}

/** The meter labelled `name` on the page: its value, maximum and the text read out. */
function meter(html: string, name: string) {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${name}</label>`).exec(html)?.[1] ?? "";
  const tag = tagWith(html, `id="${id}"`, "meter");
  const attribute = (key: string) => new RegExp(` ${key}="([^"]*)"`).exec(tag)?.[1];
  return {
    value: Number(attribute("value")),
    max: Number(attribute("max")),
    text: attribute("aria-valuetext"),
  };
}

test("the owner's statistics show today's use against the Free plan's limits, warning from 80 %", async () => {
  later(1000);
  const session = await ownerCookie();
  await env.DB.prepare(
    `insert into usage_days (day, requests, rows_read, rows_written, object_requests) values (?, 85000, 250000, 12345, 0)
     on conflict (day) do update set requests = excluded.requests, rows_read = excluded.rows_read,
     rows_written = excluded.rows_written, object_requests = excluded.object_requests`,
  )
    .bind(today())
    .run();
  later(1000);
  const response = await visitWith(env, "/en/admin/statistics", BROWSER_UA, {
    headers: { Cookie: session },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Today&#x27;s Cloudflare allowance");
  expect(meter(html, "Worker requests")).toEqual({
    value: 85_000,
    max: 100_000,
    text: "85,000 of 100,000 (85%)",
  });
  expect(meter(html, "D1 rows written")).toEqual({
    value: 12_345,
    max: 100_000,
    text: "12,345 of 100,000 (12.3%)",
  });
  expect(meter(html, "D1 rows read")).toEqual({
    value: 250_000,
    max: 5_000_000,
    text: "250,000 of 5,000,000 (5%)",
  });
  expect(meter(html, "Durable Object requests")).toMatchObject({ value: 0, max: 100_000 });
  // Only the requests, at 85 %, are near their limit: in words, not only in colour.
  expect(html.match(/Close to the limit\./g)).toHaveLength(1);
});
