import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { atFreshRateLimitWindow, visit } from "./helpers.ts";

const post = (action: "like" | "view", id: string, address: string) =>
  visit(`/api/media/${id}/${action}`, { method: "POST", headers: { "CF-Connecting-IP": address } });
const like = (id: string, address: string) => post("like", id, address);
const view = (id: string, address: string) => post("view", id, address);

async function likesInDb(id: string) {
  const row = await env.DB.prepare("select like_count from media where id = ?")
    .bind(id)
    .first<{ like_count: number }>();
  return row?.like_count;
}

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

test("a visitor's views of an item count once a day, however often they open it", async () => {
  const item = await createMedia();
  for (const address of ["198.51.100.5", "198.51.100.5", "2001:db8:7::1", "2001:db8:7::2"]) {
    expect((await view(item.id as string, address)).status).toBe(200);
  }
  const other = await view(item.id as string, "198.51.100.6");
  expect(await other.json()).toEqual({ views: 3 });
  expect(await (await view(item.id as string, "198.51.100.5")).json()).toEqual({ views: 3 });
});
