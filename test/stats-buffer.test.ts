import {
  createExecutionContext,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { counterKey, emptyBatch } from "#app/.server/statistics/count-batch.ts";
// @ts-expect-error the built Worker bundle ships no type declarations
import worker from "#build/server/index.js";
import type { StatsBuffer } from "#workers/durable-objects/stats-buffer.ts";
import { createMedia } from "./factories.ts";
import { BROWSER_UA, ORIGIN } from "./helpers.ts";
import { forgetStatistics, todaysCounts } from "./statistics-counts.ts";

// Production's buffering: counts reach D1 only when the StatsBuffer object's alarm runs.
const buffered: Env = { ...env, STATS_FLUSH_SECONDS: "60" };
const statsBuffer = () => env.STATS_BUFFER.getByName("site");

/** A request to the built Worker; its waitUntil (the isolate's hand-over) is awaited apart. */
async function send(
  path: string,
  address: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    ...init,
    headers: {
      "User-Agent": BROWSER_UA,
      "CF-Connecting-IP": address,
      "Sec-Fetch-Site": "none",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
      ...init.headers,
    },
  });
  const response = await (worker as ExportedHandler<Env>).fetch?.(
    request as Request<unknown, IncomingRequestCfProperties>,
    buffered,
    ctx,
  );
  if (!response) throw new Error("the built Worker has no fetch handler");
  return { body: await response.text(), handedOver: waitOnExecutionContext(ctx) };
}

const like = (id: string, address: string) =>
  send(`/api/media/${id}/like`, address, { method: "POST" });
/** Opening the item from the gallery (its page's own read) is its view. */
const view = (id: string, address: string) =>
  send(`/en/gallery/${id}.data`, address, {
    headers: {
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Dest": "empty",
      Referer: `${ORIGIN}/en/gallery`,
    },
  });

async function item(id: string) {
  return env.DB.prepare(
    `select like_count as likes, view_count as views,
       (select count(*) from network_days, json_each(liked) where value = ?1) as likeRecords
     from media where id = ?1`,
  )
    .bind(id)
    .first<{ likes: number; views: number; likeRecords: number }>();
}

/** The isolate's counts go to the object 20 s after its last one. */
async function quietFor20s(requests: { handedOver: Promise<void> }[]) {
  await vi.advanceTimersByTimeAsync(20_000);
  await Promise.all(requests.map((request) => request.handedOver));
}

beforeEach(async () => {
  await forgetStatistics();
  // Real time still runs (the page render schedules its work), and the tests jump it.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

test("views and likes from three networks through two isolates reach D1 in one alarm, each counted once", async () => {
  const photo = await createMedia();
  const id = photo.id as string;
  /** One isolate's minute: two visitors open a page, two like the photo, one views it. */
  async function minute(pages: [string, string], likes: [string, string], viewer: string) {
    const requests = [
      await send("/en/about", pages[0]),
      await send("/en/about", pages[1]),
      await like(id, likes[0]),
      await like(id, likes[1]),
      await view(id, viewer),
    ];
    await quietFor20s(requests);
    return JSON.parse(requests[3]?.body ?? "");
  }
  const first = await minute(
    ["198.51.100.1", "2001:db8:35:1::1"],
    ["198.51.100.1", "2001:db8:35:1::1"],
    "198.51.100.1",
  );
  expect(first).toEqual({ likes: 2, liked: true });
  // Handed over, not yet written.
  expect(await todaysCounts()).toEqual({});
  expect(await item(id)).toEqual({ likes: 0, views: 0, likeRecords: 0 });

  // The second isolate (the first's buffer is empty again): the same visitors, one from the
  // same IPv6 network, and a third network.
  const second = await minute(
    ["198.51.100.1", "203.0.113.35"],
    ["2001:db8:35:1::2", "203.0.113.35"],
    "198.51.100.1",
  );
  // The visitor's own like is in the count they see (D1 has none yet, this isolate two).
  expect(second).toEqual({ likes: 2, liked: true });
  expect(await item(id)).toEqual({ likes: 0, views: 0, likeRecords: 0 });

  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await todaysCounts()).toMatchObject({
    views: 6,
    visitors: 3,
    "page /about": 4,
    "page /gallery": 2,
    "event like": 3,
  });
  expect(await item(id)).toEqual({ likes: 3, views: 1, likeRecords: 3 });
  // Nothing left: no second write.
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(false);

  // A later minute: likes D1 already has count neither in the answer nor in D1.
  const again = [await like(id, "198.51.100.1"), await send("/en/about", "203.0.113.35")];
  expect(JSON.parse(again[0]?.body ?? "")).toEqual({ likes: 3, liked: true });
  await quietFor20s(again);
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await item(id)).toEqual({ likes: 3, views: 1, likeRecords: 3 });
  expect(await todaysCounts()).toMatchObject({ views: 7, visitors: 3, "event like": 3 });
});

test("counts D1 did not take stay in the object for the next alarm", async () => {
  const photo = await createMedia();
  const id = photo.id as string;
  const requests = [await like(id, "192.0.2.10"), await send("/en/about", "192.0.2.10")];
  await quietFor20s(requests);

  const failing: D1Database = Object.assign(Object.create(env.DB), {
    batch: () => Promise.reject(new Error("D1 is down")),
  });
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  await runInDurableObject(statsBuffer(), (instance: StatsBuffer) => {
    Object.assign(instance, { env: { ...env, DB: failing } });
  });
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(logged).toHaveBeenCalledWith(
    expect.stringMatching(/^statistics: D1 did not take the counts/),
    expect.any(Error),
  );
  expect(await todaysCounts()).toEqual({});

  await runInDurableObject(statsBuffer(), (instance: StatsBuffer) => {
    Object.assign(instance, { env });
  });
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await item(id)).toEqual({ likes: 1, views: 0, likeRecords: 1 });
  expect(await todaysCounts()).toMatchObject({ views: 1, visitors: 1, "event like": 1 });
});

/** An isolate's hand-over of one view of the About page. */
const aboutPage = () => ({
  ...emptyBatch(),
  counters: { [counterKey(utcDay(), "page", "/about")]: 1 },
});

test("a hand-over sent again under its id (its request cut off before the answer) counts once", async () => {
  await statsBuffer().add(aboutPage(), 60, "isolate-a:0");
  await statsBuffer().add(aboutPage(), 60, "isolate-a:0");
  await statsBuffer().add(aboutPage(), 60, "isolate-b:0");
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await todaysCounts()).toEqual({ "page /about": 2 });
});

test("hand-overs without an id (an isolate of the version before, during a deploy) all count", async () => {
  await statsBuffer().add(aboutPage(), 60);
  await statsBuffer().add(aboutPage(), 60);
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await todaysCounts()).toEqual({ "page /about": 2 });
});

/** The bench's visitor (ADR 025): home, the gallery, an item opened (its view) and liked, the archive. */
async function visitor(id: string, address: string) {
  return [
    await send("/en", address),
    await send("/en/gallery", address),
    await send(`/en/gallery/${id}`, address),
    await like(id, address),
    await send("/en/archive", address),
  ];
}

/** D1 rows the alarm's commit wrote, as D1 reports them (kept for the day's budget, ADR 025). */
async function rowsTheAlarmWrote(): Promise<number> {
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  return runInDurableObject(
    statsBuffer(),
    (_, state) => state.storage.kv.get<{ rowsWritten: number }>("own-usage")?.rowsWritten ?? 0,
  );
}

test("a visitor's records are one D1 row: ten visitors in a minute write at most four rows each", async () => {
  const photo = await createMedia();
  await quietFor20s(await visitor(photo.id as string, "192.0.2.35"));
  expect(await rowsTheAlarmWrote()).toBeGreaterThan(0);

  await forgetStatistics();
  const other = await createMedia();
  const ten = [];
  for (let i = 1; i <= 10; i++) ten.push(...(await visitor(other.id as string, `198.51.100.${i}`)));
  await quietFor20s(ten);
  const each = (await rowsTheAlarmWrote()) / 10;
  expect(await item(other.id as string)).toMatchObject({ likes: 10, views: 10 });
  expect(await todaysCounts()).toMatchObject({ visitors: 10, views: 40 });
  expect(each).toBeLessThanOrEqual(4);
});

test("a network's sixth browser in a minute and its seventh a minute later are no visitors", async () => {
  const address = "203.0.113.60";
  const browsers = Array.from({ length: 7 }, (_, i) => `${BROWSER_UA} Build/${i}`);
  const open = (userAgent: string) =>
    send("/en/about", address, { headers: { "User-Agent": userAgent } });
  const minute = [];
  for (const userAgent of browsers.slice(0, 6)) minute.push(await open(userAgent));
  await quietFor20s(minute);
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await todaysCounts()).toMatchObject({ views: 6, visitors: 5 });

  await quietFor20s([await open(browsers[6] ?? "")]);
  expect(await runDurableObjectAlarm(statsBuffer())).toBe(true);
  expect(await todaysCounts()).toMatchObject({ views: 7, visitors: 5 });
});
