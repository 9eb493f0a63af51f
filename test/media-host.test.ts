import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { logIn } from "./admin.ts";
import { createMedia, fakeBytes } from "./factories.ts";
import { BROWSER_UA, ORIGIN, runCron, visit, visitWith } from "./helpers.ts";

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
