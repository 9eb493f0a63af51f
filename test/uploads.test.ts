import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, test } from "vitest";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { joinTiles, TILE_SIZE } from "#protocol/tile-sheet.ts";
import { logIn } from "./admin.ts";
import { fileBytes } from "./factories.ts";
import {
  actingBeforePut,
  actingJustBefore,
  BROWSER_UA,
  beforeStatements,
  ORIGIN,
  runCron,
  visit,
  visitWith,
} from "./helpers.ts";
import {
  box,
  concat,
  exifWithGps,
  exifWithoutGps,
  jpeg,
  keyedMeta,
  loci,
  type MovieOptions,
  movie,
  xmp,
  xyz,
} from "./media-bytes.ts";

const MiB = 1024 * 1024;
const PART = 10 * MiB;
let cookie = "";

// Tests in a file share D1 and R2: each starts from an empty bucket and no uploads.
beforeEach(async () => {
  await env.DB.batch(
    ["upload_parts", "uploads", "media"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
  const keys = (await env.MEDIA.list()).objects.map((object) => object.key);
  if (keys.length > 0) await env.MEDIA.delete(keys);
  cookie = (await logIn()).session;
});

type Init = Omit<RequestInit, "headers"> & { headers?: Record<string, string> };

/** The owner's request; `ownerEnv` runs it against other bindings (see actingJustBefore). */
function owner(path: string, init: Init = {}, ownerEnv?: Env) {
  const request = { ...init, headers: { Origin: ORIGIN, Cookie: cookie, ...init.headers } };
  const url = `/api/admin/uploads${path}`;
  return ownerEnv ? visitWith(ownerEnv, url, BROWSER_UA, request) : visit(url, request);
}

const json = (method: string, body: unknown) => ({
  method,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

async function create(body: Record<string, unknown> = {}) {
  const response = await owner(
    "",
    json("POST", {
      kind: "photo",
      fileName: "Tramonto a Malcesine.jpg",
      byteSize: 1000,
      contentType: "image/jpeg",
      lastModified: Date.UTC(2026, 6, 1),
      ...body,
    }),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; partSize: number; doneParts: number[] };
}

async function createVideo(video: Uint8Array) {
  const { id } = await create({
    kind: "video",
    fileName: "barche.mov",
    contentType: "video/quicktime",
    byteSize: video.length,
  });
  return id;
}

function putPart(id: string, n: number, bytes: Uint8Array<ArrayBuffer>) {
  return owner(`/${id}/parts/${n}`, { method: "PUT", body: bytes });
}

async function putParts(id: string, file: Uint8Array<ArrayBuffer>) {
  for (let n = 1; (n - 1) * PART < file.length; n++) {
    expect((await putPart(id, n, file.slice((n - 1) * PART, n * PART))).status).toBe(204);
  }
}

function putVersion(
  id: string,
  version: "web" | "medium" | "small" | "thumbnail" | "card" | "tiles",
  bytes = fileBytes(2000, "jpeg"),
) {
  return owner(`/${id}/${version}`, { method: "PUT", body: bytes });
}

async function putPhotoVersions(id: string) {
  for (const version of ["web", "medium", "small", "thumbnail"] as const) {
    expect((await putVersion(id, version)).status, version).toBe(204);
  }
}

const photoTaken = { width: 4032, height: 3024, takenAt: Date.UTC(2026, 6, 1, 19) };
const complete = (id: string, measured: Record<string, unknown> = photoTaken) =>
  owner(`/${id}/complete`, json("POST", measured));

async function rows(table: "uploads" | "upload_parts" | "media"): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

async function bucketKeys(): Promise<string[]> {
  return (await env.MEDIA.list()).objects.map((object) => object.key).sort();
}

async function uploadRow(id: string) {
  return env.DB.prepare("select * from uploads where id = ?").bind(id).first<{
    object_key: string;
    file_key: string;
    thumbnail_key: string;
    medium_key: string;
    small_key: string;
    card_key: string;
  }>();
}

/**
 * `env` with its database and bucket counting their operations: `act` (another request) runs
 * once, just before the `at`-th (from 1), and every later one waits for it. Stepping `at`
 * over all of a request's operations crosses it with `act` at each point it can be crossed.
 */
function actingBeforeOperation(at: number, act: () => Promise<unknown>) {
  let count = 0;
  let acting: Promise<unknown> | undefined;
  const before = async () => {
    count += 1;
    if (count === at) acting = act();
    await acting;
  };
  const counted = <T extends object>(target: T, methods: string[]) =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property);
        if (typeof value !== "function") return value;
        if (!methods.includes(String(property))) return value.bind(object);
        return async (...args: unknown[]) => {
          await before();
          return value.apply(object, args);
        };
      },
    });
  const MEDIA = new Proxy(env.MEDIA, {
    get(object, property) {
      if (property === "resumeMultipartUpload") {
        return (key: string, id: string) =>
          counted(object.resumeMultipartUpload(key, id), ["uploadPart", "complete", "abort"]);
      }
      return Reflect.get(counted(object, ["get", "head", "put", "delete", "list"]), property);
    },
  });
  const DB = beforeStatements(env.DB, before);
  return { env: { ...env, DB, MEDIA } as Env, operations: () => count };
}

describe("the owner's upload API", () => {
  test("answers a visitor without a session with 401 on every route, and writes nothing", async () => {
    const { id } = await create();
    const before = await bucketKeys();
    const routes: Array<[string, string]> = [
      ["GET", ""],
      ["POST", ""],
      ["GET", `/${id}`],
      ["PUT", `/${id}/parts/1`],
      ["PUT", `/${id}/web`],
      ["PUT", `/${id}/medium`],
      ["PUT", `/${id}/small`],
      ["PUT", `/${id}/thumbnail`],
      ["POST", `/${id}/complete`],
      ["DELETE", `/${id}`],
    ];
    for (const [method, path] of routes) {
      const body = method === "GET" ? null : fileBytes(1000, "jpeg");
      const response = await visit(`/api/admin/uploads${path}`, {
        method,
        body,
        headers: { Origin: ORIGIN },
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(await rows("uploads")).toBe(1);
    expect(await rows("upload_parts")).toBe(0);
    expect(await bucketKeys()).toEqual(before);
  });

  test("refuses cross-site requests even with the owner's cookie", async () => {
    const { id } = await create();
    const fromElsewhere = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    const created = await owner("", {
      ...json("POST", {
        kind: "photo",
        fileName: "a.jpg",
        byteSize: 10,
        contentType: "image/jpeg",
        lastModified: 0,
      }),
      headers: { "Content-Type": "application/json", ...fromElsewhere },
    });
    expect(created.status).toBe(403);
    const part = await owner(`/${id}/parts/1`, {
      method: "PUT",
      body: fileBytes(1000, "jpeg"),
      headers: fromElsewhere,
    });
    expect(part.status).toBe(403);
    const aborted = await owner(`/${id}`, { method: "DELETE", headers: fromElsewhere });
    expect(aborted.status).toBe(403);
    expect(await rows("uploads")).toBe(1);
    expect(await rows("upload_parts")).toBe(0);
  });

  test("refuses each bad upload description with a 4xx and writes nothing", async () => {
    const valid = {
      kind: "photo",
      fileName: "lago.jpg",
      byteSize: 1000,
      contentType: "image/jpeg",
      lastModified: Date.UTC(2026, 6, 1),
    };
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ kind: "document" }, 400, "invalid_body"],
      [{ contentType: "image/png" }, 400, "invalid_body"],
      [{ kind: "video", contentType: "image/jpeg" }, 400, "invalid_body"],
      [{ fileName: "" }, 400, "invalid_body"],
      [{ byteSize: 0 }, 400, "invalid_body"],
      [{ lastModified: Number.MAX_SAFE_INTEGER }, 400, "invalid_body"],
      [{ byteSize: 50 * MiB + 1 }, 413, "too_large"],
      [{ kind: "video", contentType: "video/mp4", byteSize: 4096 * MiB + 1 }, 413, "too_large"],
    ];
    for (const [change, status, code] of bad) {
      const response = await owner("", json("POST", { ...valid, ...change }));
      expect(response.status, JSON.stringify(change)).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toBe("");
    }
    const notJson = await owner("", {
      method: "POST",
      body: "kind=photo",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(400);
    expect(await rows("uploads")).toBe(0);
    expect(await bucketKeys()).toEqual([]);
  });

  test("accepts a 4 GiB video and a 50 MiB photo: the ceilings themselves", async () => {
    await create({ kind: "video", contentType: "video/mp4", byteSize: 4096 * MiB });
    await create({ byteSize: 50 * MiB });
    expect(await rows("uploads")).toBe(2);
  });

  test("refuses a part of the wrong length or beyond the file, and stores none", async () => {
    const { id } = await create({ byteSize: PART + 500 });
    const short = await putPart(id, 1, fileBytes(PART - 1, "jpeg"));
    expect(short.status).toBe(400);
    const wrongLast = await putPart(id, 2, fileBytes(499, "jpeg"));
    expect(wrongLast.status).toBe(400);
    const beyond = await putPart(id, 3, fileBytes(500, "jpeg"));
    expect(beyond.status).toBe(400);
    const zero = await owner(`/${id}/parts/0`, { method: "PUT", body: new Uint8Array(10) });
    expect(zero.status).toBe(400);
    expect(await rows("upload_parts")).toBe(0);
    const unknown = await putPart("0".repeat(32), 1, fileBytes(500, "jpeg"));
    expect(unknown.status).toBe(404);
  });

  test("uploads a photo in parts, resumes from the parts done, and registers a draft", async () => {
    const original = fileBytes(PART + 500, "jpeg");
    const { id, partSize } = await create({ byteSize: original.length });
    expect(partSize).toBe(PART);
    expect((await putPart(id, 2, original.slice(PART))).status).toBe(204);

    // After a reload the tab asks which uploads are open and which parts arrived.
    const open = (await (await owner("")).json()) as {
      uploads: Array<{
        id: string;
        fileName: string;
        byteSize: number;
        lastModified: number;
        doneParts: number[];
      }>;
    };
    expect(open.uploads).toEqual([
      expect.objectContaining({
        id,
        fileName: "Tramonto a Malcesine.jpg",
        byteSize: PART + 500,
        lastModified: Date.UTC(2026, 6, 1),
        doneParts: [2],
      }),
    ]);
    expect((await putPart(id, 1, original.slice(0, PART))).status).toBe(204);
    const status = (await (await owner(`/${id}`)).json()) as { doneParts: number[] };
    expect(status.doneParts).toEqual([1, 2]);

    const keys = await uploadRow(id);
    expect((await putVersion(id, "web", fileBytes(3000, "jpeg"))).status).toBe(204);
    expect((await putVersion(id, "medium")).status).toBe(204);
    expect((await putVersion(id, "small")).status).toBe(204);
    expect((await putVersion(id, "thumbnail")).status).toBe(204);
    const done = await complete(id);
    expect(done.status).toBe(201);
    const { id: mediaId } = (await done.json()) as { id: string };

    const item = await env.DB.prepare("select * from media where id = ?").bind(mediaId).first();
    expect(item).toMatchObject({
      type: "image",
      status: "draft",
      width: 4032,
      height: 3024,
      taken_at: photoTaken.takenAt,
      byte_size: 3000,
      content_type: "image/jpeg",
      file_key: keys?.file_key,
      original_key: keys?.object_key,
      thumbnail_key: keys?.thumbnail_key,
      medium_key: keys?.medium_key,
      small_key: keys?.small_key,
    });
    expect(keys?.medium_key).toMatch(/^media\/[a-f0-9]{64}\.jpg$/);
    expect(keys?.small_key).toMatch(/^media\/[a-f0-9]{64}\.jpg$/);
    expect(keys?.small_key).not.toBe(keys?.medium_key);
    expect(keys?.object_key).toMatch(/^originals\/[a-f0-9]{64}\.jpg$/);
    expect(keys?.file_key).toMatch(/^media\/[a-f0-9]{64}\.jpg$/);
    expect(await rows("uploads")).toBe(0);
    expect(await rows("upload_parts")).toBe(0);
    const stored = await env.MEDIA.get(keys?.object_key ?? "");
    const bytes = new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0));
    // Byte by byte: toEqual takes seconds over 10 MiB.
    expect([bytes.length, bytes.findIndex((byte, i) => byte !== original[i])]).toEqual([
      original.length,
      -1,
    ]);

    // A draft is not public; once published, its web version is, and the original never.
    expect((await visit(`/api/files/${keys?.file_key}`)).status).toBe(404);
    await env.DB.prepare("update media set status = 'published' where id = ?").bind(mediaId).run();
    expect((await visit(`/api/files/${keys?.file_key}`)).status).toBe(200);
    expect((await visit(`/api/files/${keys?.thumbnail_key}`)).status).toBe(200);
    for (const version of [keys?.medium_key, keys?.small_key]) {
      const answer = await visit(`/api/files/${version}`);
      expect([answer.status, answer.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    }
    expect((await visit(`/api/files/${keys?.object_key}`)).status).toBe(404);
  });

  test("keeps a photo's share card, its link preview once published", async () => {
    const original = jpeg({ width: 4032, height: 3024, bytes: 5000 });
    const { id } = await create({ byteSize: original.length });
    await putPart(id, 1, original);
    await putPhotoVersions(id);
    const card = jpeg({ width: 1200, height: 630, bytes: SHARE_CARD.maxBytes });
    expect((await putVersion(id, "card", card)).status).toBe(204);
    const keys = await uploadRow(id);
    const { id: mediaId } = (await (await complete(id)).json()) as { id: string };
    const item = await env.DB.prepare("select card_key from media where id = ?")
      .bind(mediaId)
      .first<{ card_key: string }>();
    expect(item?.card_key).toMatch(/^media\/[a-f0-9]{64}\.jpg$/);
    expect(item?.card_key).toBe(keys?.card_key);

    await env.DB.prepare("update media set status = 'published', title_en = 'Sunset' where id = ?")
      .bind(mediaId)
      .run();
    const html = await (await visit(`/en/gallery/${mediaId}`)).text();
    expect(html).toContain(
      `<meta property="og:image" content="https://lakegarda-live.example/media/${item?.card_key}"/>`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    const served = await visit(`/api/files/${item?.card_key}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(card);
  });

  test("refuses a share card over 200 kB or of another size, and completes without one", async () => {
    const original = jpeg({ width: 4032, height: 3024, bytes: 5000 });
    const { id } = await create({ byteSize: original.length });
    await putPart(id, 1, original);
    await putPhotoVersions(id);
    for (const [card, status, code] of [
      [jpeg({ width: 1200, height: 630, bytes: SHARE_CARD.maxBytes + 1 }), 413, "too_large"],
      [jpeg({ width: 1280, height: 720, bytes: 9000 }), 422, "implausible_version"],
    ] as const) {
      const refused = await putVersion(id, "card", card);
      expect(refused.status).toBe(status);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    // A tab from before the cards sends none: the item is made, and shows its 1280 px version.
    const { id: mediaId } = (await (await complete(id)).json()) as { id: string };
    const item = await env.DB.prepare("select card_key from media where id = ?")
      .bind(mediaId)
      .first<{ card_key: string | null }>();
    expect(item?.card_key).toBeNull();
    expect((await bucketKeys()).length).toBe(5);
  });

  describe("a photo's tile sheet", () => {
    /** The web version, 2560×1920: 10×8 tiles of 256 px. */
    const web = jpeg({ width: 2560, height: 1920, bytes: 9000 });
    function sheetOf(tile = (i: number) => jpeg({ width: 256, height: 256, bytes: 300 + i })) {
      const { sheet, offsets } = joinTiles(Array.from({ length: 10 * 8 }, (_, i) => tile(i)));
      return { sheet, index: { width: 2560, height: 1920, tile: TILE_SIZE, offsets } };
    }
    async function sendPhoto(sheet: Uint8Array<ArrayBuffer> | null, zoom: unknown) {
      const original = jpeg({ width: 4032, height: 3024, bytes: 5000 });
      const { id } = await create({ byteSize: original.length });
      await putPart(id, 1, original);
      await putPhotoVersions(id);
      expect((await putVersion(id, "web", web)).status).toBe(204);
      if (sheet) expect((await putVersion(id, "tiles", sheet)).status).toBe(204);
      return complete(id, { ...photoTaken, zoom });
    }

    test("is stored with the item, served by range once published, and deleted with it", async () => {
      const { sheet, index } = sheetOf();
      const { id } = (await (await sendPhoto(sheet, index)).json()) as { id: string };
      const item = await env.DB.prepare("select tiles_key, zoom from media where id = ?")
        .bind(id)
        .first<{ tiles_key: string; zoom: string }>();
      expect(JSON.parse(item?.zoom ?? "null")).toEqual(index);
      const url = `/media/${item?.tiles_key}`;
      const secondRow = { start: index.offsets[10] ?? 0, end: index.offsets[20] ?? 0 };
      const range = { headers: { Range: `bytes=${secondRow.start}-${secondRow.end - 1}` } };
      // A draft's sheet is hidden like its other files.
      expect((await visit(url, range)).status).toBe(404);

      const published = await visit(`/api/admin/media/${id}`, {
        method: "PATCH",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ status: "published", titleEn: "Sunset" }),
      });
      expect(published.status).toBe(200);
      const page = (await (await visit("/api/media?type=photos")).json()) as {
        items: Array<{ id: string; sheet: unknown }>;
      };
      expect(page.items.find((i) => i.id === id)?.sheet).toEqual({ url, index });
      const tiles = await visit(url, range);
      expect(tiles.status).toBe(206);
      expect(new Uint8Array(await tiles.arrayBuffer())).toEqual(
        sheet.slice(secondRow.start, secondRow.end),
      );

      const deleted = await visit(`/api/admin/media/${id}`, {
        method: "DELETE",
        headers: { Cookie: cookie, Origin: ORIGIN },
      });
      expect(deleted.status).toBe(200);
      expect(await bucketKeys()).toEqual([]);
      expect((await visit(url, range)).status).toBe(404);
    });

    test("that is not the web version in tiles is refused with 422, and nothing is stored", async () => {
      const good = sheetOf();
      const cut = good.sheet.slice(0, -1);
      const narrowTile = sheetOf((i) => jpeg({ width: i === 13 ? 255 : 256, height: 256 }));
      // The same grid of tiles, but not the web version's size.
      const otherSize = { ...good.index, width: 2400 };
      const backwards = { ...good.index, offsets: good.index.offsets.toReversed() };
      for (const [sheet, zoom] of [
        [cut, good.index],
        [narrowTile.sheet, narrowTile.index],
        [good.sheet, otherSize],
        [good.sheet, backwards],
        [good.sheet, undefined],
        [null, good.index],
      ] as const) {
        const response = await sendPhoto(sheet, zoom);
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({ error: { code: "implausible_tiles" } });
        expect({ keys: await bucketKeys(), items: await rows("media") }).toEqual({
          keys: [],
          items: 0,
        });
      }
    });
  });

  test("uploads a video with its poster and registers a draft with its duration", async () => {
    const video = fileBytes(4000, "mp4");
    const id = await createVideo(video);
    expect((await putPart(id, 1, video)).status).toBe(204);
    expect((await putVersion(id, "web")).status).toBe(400);
    expect((await putVersion(id, "medium")).status).toBe(400);
    expect((await putVersion(id, "small")).status).toBe(400);
    expect((await putVersion(id, "thumbnail")).status).toBe(204);
    const measured = {
      width: 1920,
      height: 1080,
      durationSeconds: 12.5,
      takenAt: Date.UTC(2026, 5, 2),
    };
    const done = await complete(id, measured);
    expect(done.status).toBe(201);
    const { id: mediaId } = (await done.json()) as { id: string };
    const item = await env.DB.prepare("select * from media where id = ?").bind(mediaId).first();
    expect(item).toMatchObject({
      type: "video",
      status: "draft",
      content_type: "video/quicktime",
      byte_size: 4000,
      duration_seconds: 12.5,
      original_key: null,
    });
    expect(item?.file_key).toMatch(/^media\/[a-f0-9]{64}\.mov$/);
    expect(item?.medium_key).toBeNull();
    expect(item?.small_key).toBeNull();
  });

  test("refuses a fake .jpg on completion and leaves nothing in R2 or D1", async () => {
    const fake = fileBytes(3000, "html");
    const { id } = await create({ fileName: "not-a-photo.jpg", byteSize: fake.length });
    await putPart(id, 1, fake);
    await putPhotoVersions(id);
    const response = await complete(id);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("unsupported_content");
    expect(await bucketKeys()).toEqual([]);
    expect(await rows("uploads")).toBe(0);
    expect(await rows("upload_parts")).toBe(0);
    expect(await rows("media")).toBe(0);
  });

  test("refuses a video whose content is a JPEG, and a web version that is not a JPEG", async () => {
    const jpeg = fileBytes(3000, "jpeg");
    const video = await create({
      kind: "video",
      fileName: "x.mp4",
      contentType: "video/mp4",
      byteSize: jpeg.length,
    });
    await putPart(video.id, 1, jpeg);
    await putVersion(video.id, "thumbnail");
    const measured = { width: 640, height: 480, durationSeconds: 3, takenAt: Date.UTC(2026, 0, 1) };
    expect((await complete(video.id, measured)).status).toBe(422);

    const photo = await create();
    const notJpeg = await putVersion(photo.id, "web", fileBytes(2000, "html"));
    expect(notJpeg.status).toBe(415);
    const tooBig = await putVersion(photo.id, "thumbnail", fileBytes(2 * MiB + 1, "jpeg"));
    expect(tooBig.status).toBe(413);
    const mediumTooBig = await putVersion(photo.id, "medium", fileBytes(4 * MiB + 1, "jpeg"));
    expect(mediumTooBig.status).toBe(413);
    const smallTooBig = await putVersion(photo.id, "small", fileBytes(3 * MiB + 1, "jpeg"));
    expect(smallTooBig.status).toBe(413);
    expect(await bucketKeys()).toEqual([]);
  });

  describe("reads every file by range on completion and publishes none that is not whole or tells a place", () => {
    type Versions = Partial<
      Record<"web" | "medium" | "small" | "thumbnail", Uint8Array<ArrayBuffer>>
    >;
    const videoTaken = { width: 64, height: 48, durationSeconds: 1, takenAt: Date.UTC(2026, 6, 1) };

    async function completePhoto(original: Uint8Array<ArrayBuffer>, versions: Versions = {}) {
      const { id } = await create({ byteSize: original.length });
      await putParts(id, original);
      for (const version of ["web", "medium", "small", "thumbnail"] as const) {
        const put = await putVersion(id, version, versions[version] ?? fileBytes(2000, "jpeg"));
        expect(put.status, version).toBe(204);
      }
      return complete(id);
    }

    async function completeVideo(video: Uint8Array<ArrayBuffer>, poster = fileBytes(2000, "jpeg")) {
      const id = await createVideo(video);
      await putParts(id, video);
      expect((await putVersion(id, "thumbnail", poster)).status).toBe(204);
      return complete(id, videoTaken);
    }

    async function expectRefused(response: Response, code: string) {
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect([response.status, body.error.code]).toEqual([422, code]);
      expect(body.error.message).toMatch(/Upload tab|not a JPEG photo or an MP4\/MOV video/);
      expect(await bucketKeys()).toEqual([]);
      expect([await rows("uploads"), await rows("upload_parts"), await rows("media")]).toEqual([
        0, 0, 0,
      ]);
    }

    const whole = jpeg({ bytes: 8000 });
    const html = new TextEncoder().encode("<!doctype html><title>no photo</title>");
    const withHtml = (head: Uint8Array | number[]) => concat(head, html);
    // SOI and the JFIF segment a camera writes first, then a web page.
    const jfif = [
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...new TextEncoder().encode("JFIF\0"),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
    ];

    const photos: Array<[string, Uint8Array<ArrayBuffer>, Versions, string]> = [
      ["a 4-byte JPEG", Uint8Array.of(0xff, 0xd8, 0xff, 0xe0), {}, "not_whole"],
      ["half a JPEG as the web version", whole, { web: whole.slice(0, 4000) }, "not_whole"],
      ["an HTML file behind a JPEG's first bytes", withHtml(jfif), {}, "unsupported_content"],
      [
        "a medium version with an HTML file after its end",
        whole,
        { medium: withHtml(whole) },
        "not_whole",
      ],
      [
        "a web version with EXIF GPS",
        whole,
        { web: jpeg({ segments: [exifWithGps()] }) },
        "location_data",
      ],
      [
        "a small version with coordinates in its XMP",
        whole,
        {
          small: jpeg({
            segments: [
              xmp(
                'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,36.6N" exif:GPSLongitude="10,41.0E"',
              ),
            ],
          }),
        },
        "location_data",
      ],
      [
        "a thumbnail whose XMP names the place shown",
        whole,
        {
          thumbnail: jpeg({
            segments: [
              xmp(
                'xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:LocationShown="Malcesine"',
              ),
            ],
          }),
        },
        "location_data",
      ],
    ];
    test.each(photos)("refuses %s", async (_name, original, versions, code) => {
      await expectRefused(await completePhoto(original, versions), code);
    });

    const located = (options: MovieOptions) => movie({ size: 6000, ...options });
    const fakeVideo = fileBytes(4000, "html");
    fakeVideo.set([0, 0, 0, 24, ...new TextEncoder().encode("ftypisommp41isom")]);
    const cut = movie({ size: 6000, moovAt: "end" }).slice(0, 5000);
    const videos: Array<
      [string, Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer> | undefined, string]
    > = [
      ["a fake video: an ftyp box, then a web page", fakeVideo, undefined, "not_whole"],
      ["a video cut before its moov at the end", cut, undefined, "not_whole"],
      ["a sound file in an MP4", movie({ handler: "soun" }), undefined, "unsupported_content"],
      [
        "a MOV with ©xyz in moov/udta",
        located({ brand: "qt  ", moov: [box("udta", xyz())] }),
        undefined,
        "location_data",
      ],
      [
        "an MP4 with 3GPP's loci",
        located({ brand: "3gp4", moov: [box("udta", loci())] }),
        undefined,
        "location_data",
      ],
      [
        "a MOV with Apple's location key, its moov at the end",
        located({
          brand: "qt  ",
          moovAt: "end",
          moov: [keyedMeta("com.apple.quicktime.location.ISO6709", "+45.6167+010.6833+067.000/")],
        }),
        undefined,
        "location_data",
      ],
      [
        "an MP4 with ©xyz in a track's udta",
        located({ track: [box("udta", xyz())] }),
        undefined,
        "location_data",
      ],
      [
        "a clean video with a poster that has EXIF GPS",
        movie(),
        jpeg({ segments: [exifWithGps()] }),
        "location_data",
      ],
    ];
    test.each(videos)("refuses %s", async (_name, video, poster, code) => {
      await expectRefused(await completeVideo(video, poster), code);
    });

    test("accepts a clean photo: its private original keeps its EXIF GPS, versions with EXIF but no place", async () => {
      const original = jpeg({ bytes: PART + 5000, segments: [exifWithGps()] });
      const version = jpeg({
        segments: [
          exifWithoutGps(),
          xmp('xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Make="Lux"'),
        ],
      });
      const done = await completePhoto(original, { web: version, medium: version });
      expect(done.status).toBe(201);
      expect(await rows("media")).toBe(1);
    });

    test.each(["start", "end"] as const)(
      "accepts a clean MP4 with its moov at the %s, and one whose location the Upload tab took out",
      async (moovAt) => {
        expect((await completeVideo(movie({ size: PART + 3000, moovAt }))).status).toBe(201);
        // What the tab leaves: ©xyz renamed `free` and zeroed, the key's value zeroed.
        const stripped = movie({
          moovAt,
          moov: [
            box("udta", box("free", new Uint8Array(22))),
            keyedMeta("location", "\0".repeat(18)),
          ],
        });
        expect((await completeVideo(stripped)).status).toBe(201);
        expect(await rows("media")).toBe(2);
      },
    );

    test("reads a video and its poster by range: a few small reads, never the whole file", async () => {
      const video = movie({ size: 3 * PART, moovAt: "end" });
      const id = await createVideo(video);
      await putParts(id, video);
      await putVersion(id, "thumbnail");
      const reads: Array<R2GetOptions | undefined> = [];
      const watched = new Proxy(env.MEDIA, {
        get(bucket, property) {
          if (property === "get") {
            return (key: string, options?: R2GetOptions) => {
              reads.push(options);
              return bucket.get(key, options);
            };
          }
          const value = Reflect.get(bucket, property);
          return typeof value === "function" ? value.bind(bucket) : value;
        },
      });
      const done = await owner(`/${id}/complete`, json("POST", videoTaken), {
        ...env,
        MEDIA: watched,
      });
      expect(done.status).toBe(201);
      const lengths = reads.map((options) => {
        const range = options?.range;
        return range && "length" in range ? (range.length ?? Infinity) : Infinity;
      });
      expect(lengths.length).toBeLessThanOrEqual(5);
      expect(lengths.reduce((sum, length) => sum + length, 0)).toBeLessThan(256 * 1024);
    });
  });

  test("refuses to complete before every part and version arrived, and keeps the upload", async () => {
    const original = fileBytes(PART + 10, "jpeg");
    const { id } = await create({ byteSize: original.length });
    await putPart(id, 1, original.slice(0, PART));
    const early = await complete(id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe("parts_missing");
    await putPart(id, 2, original.slice(PART));
    const noVersions = await complete(id);
    expect(noVersions.status).toBe(409);
    await putVersion(id, "web");
    await putVersion(id, "thumbnail");
    const noMedium = await complete(id);
    expect(noMedium.status).toBe(409);
    expect(((await noMedium.json()) as { error: { code: string } }).error.code).toBe(
      "versions_missing",
    );
    expect(await rows("uploads")).toBe(1);
    expect(await rows("upload_parts")).toBe(2);
    expect(await rows("media")).toBe(0);
    await putVersion(id, "medium");
    const noSmall = await complete(id);
    expect(noSmall.status).toBe(409);
    expect(await rows("media")).toBe(0);
    await putVersion(id, "small");
    expect((await complete(id)).status).toBe(201);
  });

  test("a photo upload begun before medium versions existed completes without one", async () => {
    const { id } = await create();
    await env.DB.prepare("update uploads set medium_key = null, small_key = null where id = ?")
      .bind(id)
      .run();
    await putPart(id, 1, fileBytes(1000, "jpeg"));
    expect((await putVersion(id, "medium")).status).toBe(400);
    expect((await putVersion(id, "small")).status).toBe(400);
    await putVersion(id, "web");
    await putVersion(id, "thumbnail");
    const done = await complete(id);
    expect(done.status).toBe(201);
    const { id: mediaId } = (await done.json()) as { id: string };
    const item = await env.DB.prepare("select medium_key, small_key from media where id = ?")
      .bind(mediaId)
      .first();
    expect(item).toEqual({ medium_key: null, small_key: null });
  });

  test("a photo upload begun before small versions existed completes with its medium one", async () => {
    const { id } = await create();
    await env.DB.prepare("update uploads set small_key = null where id = ?").bind(id).run();
    await putPart(id, 1, fileBytes(1000, "jpeg"));
    expect((await putVersion(id, "small")).status).toBe(400);
    for (const version of ["web", "medium", "thumbnail"] as const) await putVersion(id, version);
    const done = await complete(id);
    expect(done.status).toBe(201);
    const { id: mediaId } = (await done.json()) as { id: string };
    const item = await env.DB.prepare("select medium_key, small_key from media where id = ?")
      .bind(mediaId)
      .first<{ medium_key: string | null; small_key: string | null }>();
    expect(item?.medium_key).toMatch(/^media\//);
    expect(item?.small_key).toBeNull();
  });

  test("when R2 refuses the recorded parts, completion asks for them again and loses nothing else", async () => {
    const bytes = fileBytes(1000, "jpeg");
    const { id } = await create();
    await putPart(id, 1, bytes);
    await putPhotoVersions(id);
    await env.DB.prepare("update upload_parts set etag = 'not-the-etag' where upload_id = ?")
      .bind(id)
      .run();
    const refused = await complete(id);
    expect(refused.status).toBe(409);
    const status = (await (await owner(`/${id}`)).json()) as { doneParts: number[] };
    expect(status.doneParts).toEqual([]);
    expect(await rows("media")).toBe(0);

    await putPart(id, 1, bytes);
    expect((await complete(id)).status).toBe(201);
  });

  test("refuses implausible measurements with a 400 and registers nothing", async () => {
    const { id } = await create();
    await putPart(id, 1, fileBytes(1000, "jpeg"));
    await putPhotoVersions(id);
    const bad = [
      { ...photoTaken, width: 0 },
      { ...photoTaken, height: 100_000 },
      { ...photoTaken, takenAt: Date.now() + 7 * 24 * 3600_000 },
      { ...photoTaken, takenAt: Date.UTC(1970, 0, 1) },
      { ...photoTaken, durationSeconds: 3 },
      { width: 10 },
    ];
    for (const measured of bad) {
      const response = await complete(id, measured);
      expect(response.status, JSON.stringify(measured)).toBe(400);
    }
    expect(await rows("media")).toBe(0);
    expect(await rows("uploads")).toBe(1);
  });

  test("aborts an upload: its parts, versions and rows are gone", async () => {
    const { id } = await create({ byteSize: PART + 10 });
    await putPart(id, 1, fileBytes(PART, "jpeg"));
    await putVersion(id, "medium");
    await putVersion(id, "small");
    await putVersion(id, "thumbnail");
    expect((await owner(`/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await rows("uploads")).toBe(0);
    expect(await rows("upload_parts")).toBe(0);
    expect(await bucketKeys()).toEqual([]);
    expect((await putPart(id, 2, new Uint8Array(10))).status).toBe(404);
  });

  describe("when a Cancel crosses a part or a version", () => {
    test("a version written after the Cancel deleted the files is taken back, with 404", async () => {
      const { id } = await create({ byteSize: PART + 10 });
      await putPart(id, 1, fileBytes(PART, "jpeg"));
      let canceled: Response | undefined;
      const cancel = async () => {
        canceled = await owner(`/${id}`, { method: "DELETE" });
      };
      const racing = { ...env, MEDIA: actingBeforePut(env.MEDIA, cancel) };
      const late = await owner(
        `/${id}/thumbnail`,
        { method: "PUT", body: fileBytes(2000, "jpeg") },
        racing,
      );
      expect(canceled?.status).toBe(204);
      expect(late.status).toBe(404);
      expect(await bucketKeys()).toEqual([]);
    });

    test("a part recorded after the Cancel answers 404 and leaves no rows", async () => {
      const { id } = await create({ byteSize: PART + 10 });
      let canceled: Response | undefined;
      const cancel = async () => {
        canceled = await owner(`/${id}`, { method: "DELETE" });
      };
      const racing = {
        ...env,
        DB: actingJustBefore(env.DB, 'insert into "upload_parts"', cancel),
      };
      const late = await owner(
        `/${id}/parts/1`,
        {
          method: "PUT",
          body: fileBytes(PART, "jpeg"),
          headers: { "Content-Length": String(PART) },
        },
        racing,
      );
      expect(canceled?.status).toBe(204);
      expect(late.status).toBe(404);
      expect(await rows("uploads")).toBe(0);
      expect(await rows("upload_parts")).toBe(0);
    });
  });

  describe("when a Cancel and the completion cross", () => {
    async function readyVideo() {
      const video = fileBytes(4000, "mp4");
      const id = await createVideo(video);
      expect((await putPart(id, 1, video)).status).toBe(204);
      expect((await putVersion(id, "thumbnail")).status).toBe(204);
      return id;
    }
    const measured = {
      width: 1920,
      height: 1080,
      durationSeconds: 12,
      takenAt: Date.UTC(2026, 5, 2),
    };

    test("a Cancel landing just before the draft is written wins: no draft, no files, and 404", async () => {
      const id = await readyVideo();
      let canceled: Response | undefined;
      const cancel = async () => {
        canceled = await owner(`/${id}`, { method: "DELETE" });
      };
      const racing = { ...env, DB: actingJustBefore(env.DB, 'insert into "media"', cancel) };
      const done = await owner(`/${id}/complete`, json("POST", measured), racing);
      expect(canceled?.status).toBe(204);
      expect(done.status).toBe(404);
      expect(await rows("media")).toBe(0);
      expect(await rows("uploads")).toBe(0);
      expect(await bucketKeys()).toEqual([]);
    });

    test("a Cancel that finds the upload already a draft leaves the draft and its files, and answers 404", async () => {
      const id = await readyVideo();
      let completed: Response | undefined;
      const completeFirst = async () => {
        completed = await complete(id, measured);
      };
      const racing = {
        ...env,
        DB: actingJustBefore(env.DB, 'delete from "uploads"', completeFirst),
      };
      const canceled = await owner(`/${id}`, { method: "DELETE" }, racing);
      if (!completed) throw new Error("the completion did not run");
      expect(completed.status).toBe(201);
      expect(canceled.status).toBe(404);
      const { id: mediaId } = (await completed.json()) as { id: string };
      const item = await env.DB.prepare("select file_key, thumbnail_key from media where id = ?")
        .bind(mediaId)
        .first<{ file_key: string; thumbnail_key: string }>();
      // A draft has no public address: its files are looked for in R2 itself.
      for (const key of [item?.file_key ?? "", item?.thumbnail_key ?? ""]) {
        expect(await env.MEDIA.head(key), key).not.toBeNull();
      }
    });

    async function readyPhoto(web = fileBytes(2000, "jpeg")) {
      const { id } = await create();
      await putPart(id, 1, fileBytes(1000, "jpeg"));
      await putPhotoVersions(id);
      expect((await putVersion(id, "web", web)).status).toBe(204);
      return id;
    }
    const races: Array<[string, () => Promise<string>, Record<string, unknown>, number]> = [
      ["a photo's", () => readyPhoto(), photoTaken, 201],
      ["a video's", readyVideo, measured, 201],
      ["a refused photo's", () => readyPhoto(jpeg({ segments: [exifWithGps()] })), photoTaken, 422],
    ];
    test.each(races)(
      "%s completion crossed by a Cancel at any point answers as if one came first, never 409",
      async (_name, ready, measuredFor, wins) => {
        // An undisturbed completion, to count its operations.
        const counting = actingBeforeOperation(0, async () => undefined);
        const first = await ready();
        const undisturbed = await owner(
          `/${first}/complete`,
          json("POST", measuredFor),
          counting.env,
        );
        expect(undisturbed.status).toBe(wins);
        const operations = counting.operations();
        expect(operations).toBeGreaterThan(5);
        for (let at = 1; at <= operations; at++) {
          await env.DB.batch(
            ["upload_parts", "uploads", "media"].map((t) => env.DB.prepare(`delete from ${t}`)),
          );
          const keys = await bucketKeys();
          if (keys.length > 0) await env.MEDIA.delete(keys);
          const id = await ready();
          let canceled: Response | undefined;
          const racing = actingBeforeOperation(at, async () => {
            canceled = await owner(`/${id}`, { method: "DELETE" });
          });
          const done = await owner(`/${id}/complete`, json("POST", measuredFor), racing.env);
          const outcome = `Cancel before operation ${at} of ${operations}`;
          // Whoever came first took the upload: the other answers 404.
          expect([done.status, canceled?.status], outcome).toEqual(
            done.status === wins ? [wins, 404] : [404, 204],
          );
          expect(await rows("uploads"), outcome).toBe(0);
          if (done.status === 201) {
            const { id: mediaId } = (await done.json()) as { id: string };
            const item = await env.DB.prepare("select * from media where id = ?")
              .bind(mediaId)
              .first<Record<string, string | null>>();
            for (const column of ["file_key", "thumbnail_key", "medium_key", "small_key"]) {
              const key = item?.[column];
              if (key) expect(await env.MEDIA.head(key), `${outcome}: ${column}`).not.toBeNull();
            }
          } else {
            expect([await rows("media"), await bucketKeys()], outcome).toEqual([0, []]);
          }
        }
      },
    );
  });

  test("the ten-minute cron aborts uploads left for more than a day, and keeps fresh ones", async () => {
    const old = await create({ byteSize: PART + 10 });
    await putPart(old.id, 1, fileBytes(PART, "jpeg"));
    await putVersion(old.id, "medium");
    await putVersion(old.id, "small");
    await putVersion(old.id, "thumbnail");
    const fresh = await create();
    const twoDaysAgo = Date.now() - 2 * 24 * 3600_000;
    await env.DB.prepare("update uploads set created_at = ? where id = ?")
      .bind(twoDaysAgo, old.id)
      .run();
    await runCron();
    const left = await env.DB.prepare("select id from uploads").all<{ id: string }>();
    expect(left.results.map((row) => row.id)).toEqual([fresh.id]);
    expect(await rows("upload_parts")).toBe(0);
    expect(await bucketKeys()).toEqual([]);
  });

  test("answers 429 once the edge rate limit says so, counted per owner session", async () => {
    // The rate-limiting binding is Cloudflare's service: replaced at the binding boundary.
    const keys: string[] = [];
    const refusing = {
      ...env,
      UPLOAD_RATE_LIMIT: {
        limit: async ({ key }: { key: string }) => {
          keys.push(key);
          return { success: false };
        },
      },
    } as Env;
    const response = await owner("", {}, refusing);
    expect(response.status).toBe(429);
    const session = await env.DB.prepare(
      "select id from admin_sessions order by created_at desc",
    ).first<{
      id: string;
    }>();
    expect(keys).toEqual([session?.id]);
  });
});
