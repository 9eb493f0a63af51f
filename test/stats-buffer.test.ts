import {
  createExecutionContext,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
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
async function send(path: string, address: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    ...init,
    headers: {
      "User-Agent": BROWSER_UA,
      "CF-Connecting-IP": address,
      "Sec-Fetch-Site": "none",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
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
const view = (id: string, address: string) =>
  send(`/api/media/${id}/view`, address, { method: "POST" });

async function item(id: string) {
  return env.DB.prepare(
    `select like_count as likes, view_count as views,
       (select count(*) from media_likes where media_id = ?1) as likeRecords from media where id = ?1`,
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
    views: 4,
    visitors: 3,
    "page /about": 4,
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
  expect(await todaysCounts()).toMatchObject({ views: 5, visitors: 3, "event like": 3 });
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
