import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import {
  NEWEST_STILL_CACHE_MS,
  newestStill,
  readStillPicture,
} from "#app/.server/archive/still-picture.ts";
import { getDb } from "#app/.server/db/client.ts";
import { WORKER_MEDIA_PATH } from "#app/.server/media-host/public-url.ts";
import type { StillPicture } from "#app/features/archive/archive-api.ts";
import { MAX_STILL_BYTES } from "#protocol/camera-box.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import {
  MAX_STILL_VERSION_BYTES,
  STILL_SLOT_MS,
  STILL_TAKEN_AT_HEADER,
} from "#protocol/still-upload.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { lakeDate } from "#time/lake-time.ts";
import { jpegStill, uploadStill } from "./box.ts";
import { livePicture, pictureWith, visit } from "./helpers.ts";
import {
  boxBeforeCards,
  previousBoxVersions,
  rowKeys,
  sendStill,
  stillRows,
  stillVersionsOf1080p,
  storedKeys,
} from "./stills-factory.ts";
import { snapshot } from "./weather-helpers.ts";

const slotOf = (instant: number) => instant - (instant % STILL_SLOT_MS);

/** The live panel's still as the camera's status names it, and its bytes. */
async function liveStill() {
  const { still } = await (await visit("/api/stream/status")).json<{ still: StillPicture }>();
  const bytes = new Uint8Array(await (await visit(still.url)).arrayBuffer());
  return { ...still, bytes };
}

const errorCode = async (response: Response) =>
  (await response.json<{ error: { code: string } }>()).error.code;

beforeAll(async () => {
  // The first visit fetches the weather (from the fake upstream) into D1.
  expect((await snapshot()).weather).not.toBeNull();
});

describe("the still route archives", () => {
  test("each still in its 10-minute slot, with the weather of that moment, served at the slot's address", async () => {
    const takenAt = Date.now() - 2 * MINUTE_MS;
    const { response, body, versions } = await sendStill(takenAt);
    expect(response.status).toBe(201);

    const row = (await stillRows()).find((r) => r.slot === slotOf(takenAt));
    expect(row).toMatchObject({
      taken_at: takenAt,
      day: lakeDate(takenAt),
      best_of: 0,
    });
    const weather = JSON.parse(row?.weather ?? "null");
    expect(weather).toMatchObject({
      condition: expect.any(String),
      temperature: expect.any(Number),
      windSpeed: expect.any(Number),
    });
    expect(weather).toHaveProperty("waterTemperature");

    const address = `/api/stills/${row?.id}.jpg?v=${takenAt}`;
    for (const [version, bytes] of [
      ["", body],
      ["&version=thumbnail", versions.thumbnail],
      ["&version=small", versions.small],
      ["&version=medium", versions.medium],
      ["&version=card", versions.card],
    ] as const) {
      const picture = await visit(address + version);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("Content-Type")).toBe("image/jpeg");
      expect(picture.headers.get("Cache-Control")).toBe("public, max-age=600");
      expect(new Uint8Array(await picture.arrayBuffer())).toEqual(bytes);
      // A browser's copy, once stale, is confirmed without the picture coming again.
      const etag = picture.headers.get("ETag") ?? "";
      const again = await visit(address + version, { headers: { "If-None-Match": etag } });
      expect([again.status, again.headers.get("ETag")]).toEqual([304, etag]);
      expect(await again.text()).toBe("");
    }
  });

  test("a still's address parses its validators as the file route does: a malformed one is no 500", async () => {
    expect((await uploadStill(jpegStill({ width: 1920, height: 1080, bytes: 9500 }))).status).toBe(
      201,
    );
    const first = await visit("/api/stills/newest.jpg");
    await first.arrayBuffer();
    const etag = first.headers.get("ETag") ?? "";
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await visit("/api/stills/newest.jpg", {
        headers: { "If-None-Match": value },
      });
      expect(response.status, value).toBe(304);
      expect(await response.text()).toBe("");
    }
    const failed = await visit("/api/stills/newest.jpg", { headers: { "If-Match": '"other"' } });
    expect(failed.status).toBe(412);
    expect(await failed.json()).toEqual({
      error: { code: "precondition_failed", message: expect.any(String) },
    });
    for (const value of ["abc", '"other"']) {
      const response = await visit("/api/stills/newest.jpg", {
        headers: { "If-None-Match": value },
      });
      expect(response.status, value).toBe(200);
      await response.arrayBuffer();
    }
  });

  test("a still without X-Taken-At as taken now, and one JPEG alone (a box before the versions)", async () => {
    const before = Date.now();
    const body = jpegStill({ width: 1920, height: 1080, bytes: 9000 });
    expect((await uploadStill(body)).status).toBe(201);
    const row = (await stillRows()).find((r) => r.taken_at >= before);
    expect(row?.slot).toBe(slotOf(row?.taken_at ?? 0));
    expect(Date.now() - (row?.taken_at ?? 0)).toBeLessThan(10_000);
    expect([row?.thumbnail_key, row?.medium_key]).toEqual([null, null]);
    expect(await storedKeys()).toEqual(rowKeys(await stillRows()).sort());
  });

  test("a still from a box whose clock runs four minutes fast, as its signature is let in", async () => {
    const before = Date.now();
    const fast = before + 4 * MINUTE_MS;
    const response = await uploadStill(
      jpegStill({ width: 1920, height: 1080, bytes: 9100 }),
      { [STILL_TAKEN_AT_HEADER]: new Date(fast).toISOString() },
      { timestamp: Math.floor(fast / 1000) },
    );
    expect(response.status).toBe(201);
    // Archived at the Worker's own time, not in a slot still to come.
    const row = (await stillRows()).find((r) => r.taken_at >= before);
    expect(row?.taken_at).toBeLessThanOrEqual(Date.now());
  });

  test("a backfilled still without weather, as none was current when it arrived", async () => {
    const takenAt = Date.now() - 3 * 3_600_000;
    expect((await sendStill(takenAt)).response.status).toBe(201);
    const row = (await stillRows()).find((r) => r.slot === slotOf(takenAt));
    expect(row?.taken_at).toBe(takenAt);
    expect(row?.weather).toBeNull();
  });

  test("a second still for the same slot in place of the first, leaving no orphan object", async () => {
    const slot = slotOf(Date.now() - 5 * 3_600_000);
    const first = await sendStill(slot + MINUTE_MS);
    const rowBefore = (await stillRows()).find((r) => r.slot === slot);
    const second = await sendStill(slot + 7 * MINUTE_MS);
    expect([first.response.status, second.response.status]).toEqual([201, 201]);

    const inSlot = (await stillRows()).filter((r) => r.slot === slot);
    expect(inSlot).toHaveLength(1);
    // The slot keeps its id, so a shared link still points at it.
    expect(inSlot[0]?.id).toBe(rowBefore?.id);
    expect(inSlot[0]?.taken_at).toBe(slot + 7 * MINUTE_MS);
    expect(await env.MEDIA.head(rowBefore?.file_key ?? "")).toBeNull();
    expect(await env.MEDIA.head(rowBefore?.thumbnail_key ?? "")).toBeNull();
    expect(await env.MEDIA.head(rowBefore?.medium_key ?? "")).toBeNull();
    expect(rowBefore?.small_key).toMatch(/^stills\//);
    expect(await env.MEDIA.head(rowBefore?.small_key ?? "")).toBeNull();
    expect(rowBefore?.card_key).toMatch(/^stills\//);
    expect(await env.MEDIA.head(rowBefore?.card_key ?? "")).toBeNull();
    const stored = await env.MEDIA.get(inSlot[0]?.file_key ?? "");
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
      second.body,
    );
    // Every object under stills/ belongs to exactly one row.
    expect(await storedKeys()).toEqual(rowKeys(await stillRows()).sort());
  });
});

describe("the live placeholder", () => {
  test("is the newest still, with its versions, in the home page and the camera's status", async () => {
    const recent = await sendStill(Date.now());
    const live = await liveStill();
    expect(live.bytes).toEqual(recent.body);
    const widths = live.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1]);
    expect(widths).toEqual(["640w", "960w", "1280w", "1920w"]);
    expect(live.srcSet?.split(", ")[1]).toMatch(/\/small\.jpg 960w$/);
    expect(livePicture(await (await visit("/en")).text())).toMatchObject({
      src: live.url,
      srcset: live.srcSet,
    });
  });

  test("from a box before the small version, offers the two versions it sent", async () => {
    const takenAt = Date.now();
    const previous = await sendStill(takenAt, previousBoxVersions);
    expect(previous.response.status).toBe(201);
    const row = (await stillRows()).find((r) => r.taken_at === takenAt);
    expect(row?.thumbnail_key).toMatch(/^stills\//);
    expect(row?.medium_key).toMatch(/^stills\//);
    expect(row?.small_key).toBeNull();
    expect(await storedKeys()).toEqual(rowKeys(await stillRows()).sort());

    const live = await liveStill();
    expect(live.bytes).toEqual(previous.body);
    const widths = live.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1]);
    expect(widths).toEqual(["640w", "1280w", "1920w"]);
    const address = `/api/stills/${row?.id}.jpg?version=`;
    for (const [version, bytes] of [
      ["thumbnail", previous.versions.thumbnail],
      ["medium", previous.versions.medium],
      // Asked for the version it lacks, the address gives the still itself.
      ["small", previous.body],
    ] as const) {
      const picture = await visit(address + version);
      expect(new Uint8Array(await picture.arrayBuffer()), version).toEqual(bytes);
    }
  });

  test("from a box before the share card, has none, and its card address gives the still", async () => {
    const takenAt = Date.now();
    const older = await sendStill(takenAt, boxBeforeCards);
    expect(older.response.status).toBe(201);
    const row = (await stillRows()).find((r) => r.taken_at === takenAt);
    expect(row?.card_key).toBeNull();
    expect((await liveStill()).cardUrl).toBeNull();
    const picture = await visit(`/api/stills/${row?.id}.jpg?version=card`);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(older.body);
  });

  test("keeps the addresses pages have working, with their picture, when the box replaces the still", async () => {
    // Both in the current slot, whenever the clock moves on.
    const slot = slotOf(Date.now());
    const first = await sendStill(slot);
    const html = await Promise.all(
      ["/en", "/en/archive"].map(async (p) => (await visit(p)).text()),
    );
    const shown = [livePicture(html[0] ?? ""), pictureWith(html[1] ?? "", 'fetchPriority="high"')];
    const replacement = await sendStill(slot + 1);
    expect((await liveStill()).bytes).toEqual(replacement.body);
    for (const picture of shown) {
      const urls = [picture?.src ?? "", ...(picture?.srcset?.split(", ") ?? [])];
      expect(urls).toHaveLength(5);
      for (const url of urls) {
        const answer = await visit(url.split(" ")[0] ?? "");
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get("Content-Type")).toBe("image/jpeg");
      }
      // The replaced still's public copies stay a day (ADR 027); the slot now shows the replacement.
      const bytes = new Uint8Array(await (await visit(picture?.src ?? "")).arrayBuffer());
      expect(bytes).toEqual(first.body);
    }
  });

  test("arrives when the box replaces it between reading its row and its file", async () => {
    const slot = slotOf(Date.now());
    await sendStill(slot);
    // The real bucket, with the box's replacement landing just before the first file read.
    let replacement: Awaited<ReturnType<typeof sendStill>> | undefined;
    const racing = new Proxy(env.MEDIA, {
      get(bucket, property) {
        if (property === "get") {
          return async (key: string) => {
            replacement ??= await sendStill(slot + 1);
            return bucket.get(key);
          };
        }
        const value = Reflect.get(bucket, property);
        return typeof value === "function" ? value.bind(bucket) : value;
      },
    });
    const picture = await readStillPicture(getDb(env.DB), racing, "newest");
    expect(replacement?.response.status).toBe(201);
    const read = picture && picture !== "unsatisfiable" ? picture.object : null;
    expect(new Uint8Array((await read?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
      replacement?.body,
    );
  });

  test("is read at most every ten seconds per isolate, so another isolate's still shows by then", async () => {
    const db = getDb(env.DB);
    const now = Date.now();
    const shown = await newestStill(db, WORKER_MEDIA_PATH, now);
    // The Worker under test archives it: this module's copy of the cache is another isolate's.
    const takenAt = Date.now();
    expect((await sendStill(takenAt)).response.status).toBe(201);
    expect(await newestStill(db, WORKER_MEDIA_PATH, now + NEWEST_STILL_CACHE_MS - 1)).toEqual(
      shown,
    );
    const later = await newestStill(db, WORKER_MEDIA_PATH, now + NEWEST_STILL_CACHE_MS);
    expect(later?.takenAt).toBe(new Date(takenAt).toISOString());
  });

  test("only moves forward: a backfilled still is archived but not shown live", async () => {
    const live = await liveStill();
    const old = Date.now() - 6 * 3_600_000;
    expect((await sendStill(old)).response.status).toBe(201);
    expect((await stillRows()).some((r) => r.slot === slotOf(old))).toBe(true);
    expect(await liveStill()).toEqual(live);

    const newer = await sendStill(Date.now());
    expect((await liveStill()).bytes).toEqual(newer.body);
  });
});

describe("the still route refuses, storing nothing", () => {
  async function nothingStored(attempt: () => Promise<Response>, status: number, code: string) {
    const [rows, keys] = [await stillRows(), await storedKeys()];
    const response = await attempt();
    expect([response.status, await errorCode(response)]).toEqual([status, code]);
    expect(await stillRows()).toEqual(rows);
    expect(await storedKeys()).toEqual(keys);
  }
  let size = 7000;
  // Other bytes each time: the same body signed in the same second would be a replay.
  const still = () => jpegStill({ width: 1920, height: 1080, bytes: size++ });

  test("an X-Taken-At that is not an ISO time, in the future or older than the backfill window", async () => {
    const hour = 3_600_000;
    for (const value of [
      "yesterday",
      "2026-11-22",
      "2026-11-22T14:30", // no offset: whose 14:30?
      new Date(Date.now() + hour).toISOString(),
      new Date(Date.now() - 49 * hour).toISOString(),
    ]) {
      await nothingStored(
        () => uploadStill(still(), { [STILL_TAKEN_AT_HEADER]: value }),
        400,
        "bad_taken_at",
      );
    }
  });

  test("a still without a valid device signature", async () => {
    await nothingStored(
      () => uploadStill(still(), {}, { secret: "someone-elses-secret-that-is-long-enough" }),
      401,
      "bad_signature",
    );
  });

  test("a form without its versions, or with one that is not the still made smaller", async () => {
    const form = (parts: Record<string, Uint8Array<ArrayBuffer>>) => {
      const body = new FormData();
      for (const [name, bytes] of Object.entries(parts)) {
        body.append(name, new Blob([bytes]), `${name}.jpg`);
      }
      return new Response(body);
    };
    const send = async (response: Response) =>
      uploadStill(new Uint8Array(await response.arrayBuffer()), {
        "Content-Type": response.headers.get("Content-Type") ?? "",
      });
    const versions = stillVersionsOf1080p(3000);
    await nothingStored(() => send(form(versions)), 400, "bad_form");
    await nothingStored(
      () => send(form({ still: still(), thumbnail: versions.thumbnail })),
      400,
      "bad_form",
    );
    await nothingStored(
      () => uploadStill(still(), { "Content-Type": "multipart/form-data; boundary=x" }),
      400,
      "bad_form",
    );
    for (const wrong of [
      { thumbnail: jpegStill({ width: 800, height: 450, bytes: 3000 }) }, // not 640 px wide
      { thumbnail: jpegStill({ width: 640, height: 480, bytes: 3001 }) }, // not the still's proportions
      { medium: jpegStill({ width: 1920, height: 1080, bytes: 3002 }) }, // the still itself
      { medium: new TextEncoder().encode("<svg/>") }, // not a picture
      { card: jpegStill({ width: 1280, height: 720, bytes: 3005 }) }, // not cut to 1200×630
      { card: jpegStill({ width: 1200, height: 630, bytes: SHARE_CARD.maxBytes + 1 }) },
      { small: jpegStill({ width: 1280, height: 720, bytes: 3003 }) }, // not 960 px wide
      { small: jpegStill({ width: 960, height: 720, bytes: 3004 }) }, // not the still's proportions
      { small: new TextEncoder().encode("<svg/>") }, // not a picture
      {
        small: jpegStill({ width: 960, height: 540, bytes: MAX_STILL_VERSION_BYTES.small + 1 }),
      },
      {
        thumbnail: jpegStill({
          width: 640,
          height: 360,
          bytes: MAX_STILL_VERSION_BYTES.thumbnail + 1,
        }),
      },
    ]) {
      await nothingStored(
        () => send(form({ still: still(), ...versions, ...wrong })),
        422,
        "implausible_version",
      );
    }
    // The still itself is checked as before.
    await nothingStored(
      () => send(form({ still: new TextEncoder().encode("<svg/>"), ...versions })),
      415,
      "not_jpeg",
    );
  });

  test("a body that is not a JPEG, or larger than a still may be", async () => {
    await nothingStored(() => uploadStill(new TextEncoder().encode("<svg/>")), 415, "not_jpeg");
    await nothingStored(
      () => uploadStill(jpegStill({ width: 1920, height: 1080, bytes: MAX_STILL_BYTES + 1 })),
      413,
      "too_large",
    );
  });
});
