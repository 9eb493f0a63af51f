import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import {
  atFreshRateLimitWindow,
  BROWSER_UA,
  CRAWLER_UA,
  navigate,
  visit,
  visitWith,
} from "./helpers.ts";

const like = (id: string, address: string) =>
  visit(`/api/media/${id}/like`, { method: "POST", headers: { "CF-Connecting-IP": address } });
/** A visitor opens the item from the gallery: its page's own read. */
const view = (id: string, address: string, headers: Record<string, string> = {}) =>
  navigate("/en/gallery", `/en/gallery/${id}`, { "CF-Connecting-IP": address, ...headers });

/** The item's likes and views as D1 holds them. */
const inDb = (id: string) =>
  env.DB.prepare("select like_count as likes, view_count as views from media where id = ?")
    .bind(id)
    .first<{ likes: number; views: number }>();
const likesInDb = async (id: string) => (await inDb(id))?.likes;
const viewsInDb = async (id: string) => (await inDb(id))?.views;

test("a visitor's like counts once, however often they press", async () => {
  const item = await createMedia();
  const first = await like(item.id as string, "198.51.100.1");
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ likes: 1, liked: true });
  const again = await like(item.id as string, "198.51.100.1");
  expect(await again.json()).toEqual({ likes: 1, liked: true });
  expect(await likesInDb(item.id as string)).toBe(1);
});

test("addresses of one IPv6 network like an item once", async () => {
  const item = await createMedia();
  for (const address of ["2001:db8:9:1::1", "2001:db8:9:1::2", "2001:db8:9:1:abcd::3"]) {
    expect(await (await like(item.id as string, address)).json()).toEqual({
      likes: 1,
      liked: true,
    });
  }
  expect(await (await like(item.id as string, "2001:db8:9:2::1")).json()).toEqual({
    likes: 2,
    liked: true,
  });
});

test("the count is exact under 50 concurrent likes", async () => {
  const item = await createMedia();
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => like(item.id as string, `203.0.113.${i}`)),
  );
  expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
  expect(await likesInDb(item.id as string)).toBe(50);
});

test("stores no client address, only a salted hash that changes daily", async () => {
  const item = await createMedia();
  await like(item.id as string, "192.0.2.77");
  await view(item.id as string, "192.0.2.77");
  for (const set of ["liked", "viewed"]) {
    const rows = await env.DB.prepare(
      `select network as visitor from network_days, json_each(${set}) where value = ?`,
    )
      .bind(item.id)
      .all<{ visitor: string }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(rows.results)).not.toContain("192.0.2.77");
  }
});

test("likes are rate limited per client", async () => {
  await atFreshRateLimitWindow();
  const item = await createMedia();
  const other = await createMedia();
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++) {
    statuses.push(
      (await like(i % 2 ? (item.id as string) : (other.id as string), "198.51.100.99")).status,
    );
  }
  expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(30)).toEqual([429, 429]);
}, 40_000); // it may first wait up to 20 s for a fresh rate-limit minute

test("opening an item is its view, once a day per network, however often it is opened", async () => {
  const item = await createMedia();
  for (const address of ["198.51.100.5", "198.51.100.5", "2001:db8:7::1", "2001:db8:7::2"]) {
    expect((await view(item.id as string, address)).status).toBe(200);
  }
  expect(await viewsInDb(item.id as string)).toBe(2);
  // A link opened in a new tab, and a browser that asks not to be tracked (GPC), as before.
  const link = await visitWith(env, `/en/gallery/${item.id}`, BROWSER_UA, {
    headers: {
      "CF-Connecting-IP": "198.51.100.6",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
    },
  });
  expect(link.status).toBe(200);
  await view(item.id as string, "198.51.100.7", { "Sec-GPC": "1" });
  expect(await viewsInDb(item.id as string)).toBe(4);
});

test("a read nobody sees is no view: a prefetch, the item read again, a crawler, a hidden item", async () => {
  const item = await createMedia();
  const id = item.id as string;
  await view(id, "198.51.100.8", { "Sec-Purpose": "prefetch" });
  await navigate(`/en/gallery/${id}`, `/en/gallery/${id}`, { "CF-Connecting-IP": "198.51.100.9" });
  const crawled = await visitWith(env, `/en/gallery/${id}`, CRAWLER_UA, {
    headers: { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
  });
  expect(crawled.status).toBe(200);
  expect(await viewsInDb(id)).toBe(0);

  const hidden = await createMedia({ status: "hidden" });
  expect((await view(hidden.id as string, "198.51.100.10")).status).toBe(404);
  expect(await viewsInDb(hidden.id as string)).toBe(0);
});
