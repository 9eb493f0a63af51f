import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { slotOf } from "#app/.server/archive/slots.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { createMedia, fakeBytes } from "./factories.ts";
import { BROWSER_UA, ORIGIN, pictureWith, runCron, visit, visitWith } from "./helpers.ts";
import { sendStill, stillRows } from "./stills-factory.ts";

const HOST = "https://media.lake.test";
let owner = "";

beforeAll(async () => {
  owner = (await logIn()).session;
});

/** The Worker with the media host configured; its purge calls go to the fake's `tag`. */
function withHost(tag: string, scenario = "ok"): Env {
  const vars: Record<string, string> = {
    MEDIA_BASE_URL: HOST,
    CLOUDFLARE_ZONE_ID: "a".repeat(32),
    CLOUDFLARE_API_URL: `https://upstream.test/${tag}/${scenario}/cloudflare`,
    CLOUDFLARE_PURGE_TOKEN: "test-purge-token",
  };
  return { ...env, ...vars };
}

const purgesSent = async (tag: string) =>
  (await fetch(`https://upstream.test/__purges/${tag}`)).json<{ files: string[] }[]>();

const queued = async () =>
  (
    await env.DB.prepare("select url from cache_purges order by url").all<{ url: string }>()
  ).results.map((row) => row.url);

function asOwner(workerEnv: Env, path: string, method: string, body?: unknown) {
  return visitWith(workerEnv, path, BROWSER_UA, {
    method,
    headers: { Cookie: owner, Origin: ORIGIN, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const setStatus = (workerEnv: Env, id: string, status: string) =>
  asOwner(workerEnv, `/api/admin/media/${id}`, "PATCH", { status });

/** A draft with a private original beside its versions, as an upload leaves a photo. */
async function draftPhoto() {
  const originalKey = `originals/${crypto.randomUUID().replaceAll("-", "")}.jpg`;
  await env.MEDIA.put(originalKey, fakeBytes(300));
  return createMedia({ status: "draft", originalKey, fileBytes: fakeBytes(5_000) });
}

test("publishing puts only the visitor's versions in the public bucket, served at /media", async () => {
  const item = await draftPhoto();
  expect(await env.PUBLIC_MEDIA.head(item.fileKey)).toBeNull();
  const hidden = await setStatus(env, item.id, "hidden");
  expect(hidden.status).toBe(200);
  expect(await env.PUBLIC_MEDIA.head(item.fileKey)).toBeNull();
  expect((await visit(`/media/${item.fileKey}`)).status).toBe(404);

  expect((await setStatus(env, item.id, "published")).status).toBe(200);
  const file = await visit(`/media/${item.fileKey}`);
  expect(file.status).toBe(200);
  expect(file.headers.get("Content-Type")).toBe("image/jpeg");
  expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(item.fileBytes);
  expect(await env.PUBLIC_MEDIA.head(item.thumbnailKey)).not.toBeNull();
  expect(await env.PUBLIC_MEDIA.head(item.originalKey ?? "")).toBeNull();

  const again = await visit(`/media/${item.fileKey}`, {
    headers: { "If-None-Match": file.headers.get("ETag") ?? "" },
  });
  expect(again.status).toBe(304);
  const part = await visit(`/media/${item.fileKey}`, { headers: { Range: "bytes=10-19" } });
  expect(part.status).toBe(206);
  expect(part.headers.get("Content-Range")).toBe("bytes 10-19/5000");
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(item.fileBytes.slice(10, 20));

  // Visitors are given these URLs; without a media host nothing is cached, so nothing is purged.
  const answer = await (await visit(`/api/media/${item.id}`)).json<{ fileUrl: string }>();
  expect(answer.fileUrl).toBe(`/media/${item.fileKey}`);
  expect((await setStatus(env, item.id, "hidden")).status).toBe(200);
  expect((await visit(`/media/${item.fileKey}`)).status).toBe(404);
  expect(await queued()).toEqual([]);
});

test("hiding an item removes its files and purges their media host URLs once", async () => {
  const hostEnv = withHost("hide");
  const item = await createMedia();
  const page = await visitWith(hostEnv, `/en/gallery/${item.id}`);
  expect(await page.text()).toContain(`${HOST}/${item.fileKey}`);
  expect(page.headers.get("Content-Security-Policy")).toContain(`img-src 'self' ${HOST} `);

  expect((await setStatus(hostEnv, item.id, "hidden")).status).toBe(200);
  expect((await visit(`/media/${item.fileKey}`)).status).toBe(404);
  expect((await visit(`/media/${item.thumbnailKey}`)).status).toBe(404);
  const urls = [`${HOST}/${item.fileKey}`, `${HOST}/${item.thumbnailKey}`].sort();
  const sent = await purgesSent("hide");
  expect(sent.map((call) => call.files.sort())).toEqual([urls]);
  expect(await queued()).toEqual([]);
});

test("a purge refused with 429 stays queued and the cron sends it", async () => {
  const item = await createMedia();
  const deleted = await asOwner(
    withHost("busy", "http-429"),
    `/api/admin/media/${item.id}`,
    "DELETE",
  );
  expect(deleted.status).toBe(200);
  expect((await visit(`/media/${item.fileKey}`)).status).toBe(404);
  const urls = [`${HOST}/${item.fileKey}`, `${HOST}/${item.thumbnailKey}`].sort();
  expect((await purgesSent("busy")).map((call) => call.files.sort())).toEqual([urls]);
  expect(await queued()).toEqual(urls);

  await runCron(withHost("cron"));
  expect((await purgesSent("cron")).map((call) => call.files.sort())).toEqual([urls]);
  expect(await queued()).toEqual([]);
});

test("items published before the public bucket existed are copied by the cron, ten a run, then it rests", async () => {
  const items = [];
  for (let i = 0; i < 12; i++) items.push(await createMedia({ fileBytes: fakeBytes(100 + i) }));
  const keys = items.flatMap((item) => [item.fileKey, item.thumbnailKey]);
  // As a site deployed before the media host: its published files only in the private bucket.
  await env.PUBLIC_MEDIA.delete(keys);
  await env.DB.prepare("update site_settings set public_files_backfill = null").run();
  const copied = async () =>
    (await Promise.all(keys.map((key) => env.PUBLIC_MEDIA.head(key)))).filter(Boolean).length;

  await runCron();
  expect(await copied()).toBe(20);
  await runCron();
  expect(await copied()).toBe(24);
  const file = await visit(`/media/${items[11]?.fileKey}`);
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(items[11]?.fileBytes);

  await env.PUBLIC_MEDIA.delete(items[0]?.fileKey ?? "");
  await runCron();
  expect(await copied()).toBe(23);
});

const STILL_VERSIONS = ["still", "thumbnail", "small", "medium", "card"];

/** A still archived through the box's route, `minutes` ago, and its row. */
async function archived(minutes: number) {
  const takenAt = Date.now() - minutes * MINUTE_MS;
  const sent = await sendStill(takenAt);
  expect(sent.response.status).toBe(201);
  const row = (await stillRows()).find((r) => r.taken_at === takenAt);
  if (!row?.public_id) throw new Error("no public id");
  return { ...sent, row, publicId: row.public_id, takenAt };
}

const publicKeysOf = (publicId: string) =>
  STILL_VERSIONS.map((version) => `s/${publicId}/${version}.jpg`);
const inBucket = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => env.PUBLIC_MEDIA.head(key)))).filter(Boolean).length;

const archivePage = async (workerEnv: Env, takenAt: number) =>
  (await visitWith(workerEnv, `/en/archive?at=${atSlot(takenAt)}`)).text();
const atSlot = (instant: number) => lakeWallClock(slotOf(instant)).replace("+", "%2B");

test("an archived still's versions are in the public bucket and its page links them there", async () => {
  const { row, publicId, body, takenAt } = await archived(60);
  expect(await inBucket(publicKeysOf(publicId))).toBe(STILL_VERSIONS.length);
  const file = await visit(`/media/s/${publicId}/still.jpg`);
  expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(body);
  expect(await env.PUBLIC_MEDIA.head(row.file_key)).toBeNull();

  const html = await archivePage(withHost("still-page"), takenAt);
  const picture = pictureWith(html, 'fetchPriority="high"');
  expect(picture?.src).toBe(`${HOST}/s/${publicId}/still.jpg`);
  expect(picture?.srcset).toContain(`${HOST}/s/${publicId}/thumbnail.jpg 640w`);
  expect(html).toContain(`<meta property="og:image" content="${HOST}/s/${publicId}/card.jpg"`);
  expect(html).not.toContain("/api/stills/");
});

test("deleting a still removes its public copies at once and purges them in one call", async () => {
  const { row, publicId } = await archived(70);
  const deleted = await asOwner(withHost("still-delete"), `/api/admin/stills/${row.id}`, "DELETE");
  expect(deleted.status).toBe(200);
  expect(await inBucket(publicKeysOf(publicId))).toBe(0);
  expect((await visit(`/media/s/${publicId}/still.jpg`)).status).toBe(404);
  const urls = publicKeysOf(publicId).map((key) => `${HOST}/${key}`);
  const sent = await purgesSent("still-delete");
  expect(sent.map((call) => call.files.sort())).toEqual([urls.sort()]);
  expect(await queued()).toEqual([]);
});

test("a replaced still's public copies are served a day for pages rendered before, then removed and purged", async () => {
  const first = await archived(80);
  const pageBefore = await archivePage(withHost("replaced"), first.takenAt);
  expect(pageBefore).toContain(`${HOST}/s/${first.publicId}/still.jpg`);

  const replacement = await sendStill(first.takenAt);
  expect(replacement.response.status).toBe(201);
  const row = (await stillRows()).find((r) => r.id === first.row.id);
  expect(row?.public_id).not.toBe(first.publicId);
  const old = await visit(`/media/s/${first.publicId}/still.jpg`);
  expect(new Uint8Array(await old.arrayBuffer())).toEqual(first.body);
  await runCron(withHost("replaced-early"));
  expect(await inBucket(publicKeysOf(first.publicId))).toBe(STILL_VERSIONS.length);
  expect(await purgesSent("replaced-early")).toEqual([]);

  // A day later.
  await env.DB.prepare("update retired_stills set delete_after = ?")
    .bind(Date.now() - 1)
    .run();
  await runCron(withHost("replaced-later"));
  expect(await inBucket(publicKeysOf(first.publicId))).toBe(0);
  expect(await inBucket(publicKeysOf(row?.public_id ?? ""))).toBe(STILL_VERSIONS.length);
  const urls = publicKeysOf(first.publicId).map((key) => `${HOST}/${key}`);
  const sent = await purgesSent("replaced-later");
  expect(sent.map((call) => call.files.sort())).toEqual([urls.sort()]);
});

test("stills archived before the public bucket are linked on the Worker until the cron copies them", async () => {
  const { row, publicId, takenAt } = await archived(90);
  // As a site deployed before the media host: the still only in the private bucket.
  await env.PUBLIC_MEDIA.delete(publicKeysOf(publicId));
  await env.DB.batch([
    env.DB.prepare("update stills set public_id = null where id = ?").bind(row.id),
    env.DB.prepare("update site_settings set public_stills_backfill = null"),
  ]);
  const before = pictureWith(await archivePage(env, takenAt), 'fetchPriority="high"');
  expect(before?.src).toBe(`/api/stills/${row.id}.jpg?v=${takenAt}`);

  await runCron();
  const copied = (await stillRows()).find((r) => r.id === row.id)?.public_id ?? "";
  expect(await inBucket(publicKeysOf(copied))).toBe(STILL_VERSIONS.length);
  const after = pictureWith(await archivePage(env, takenAt), 'fetchPriority="high"');
  expect(after?.src).toBe(`/media/s/${copied}/still.jpg`);
});
