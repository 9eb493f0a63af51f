import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { sha256Hex } from "#protocol/device-signature.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { MAX_TIMELAPSE_BYTES, TIMELAPSE_PATHS } from "#protocol/timelapse-upload.ts";
import { lakeDate } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { asBox, jpegStill, signedHeaders } from "./box.ts";
import { fileBytes } from "./factories.ts";
import { actingBeforePut, actingJustBefore, ORIGIN, runCron, visit } from "./helpers.ts";
import { facts, mp4, sendParts, start, uploadTimelapse, yesterday } from "./timelapse-upload.ts";

const MiB = 1024 * 1024;

beforeEach(async () => {
  await env.DB.batch(
    ["upload_parts", "uploads", "media", "retired_files"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
  for (const bucket of [env.MEDIA, env.PUBLIC_MEDIA]) {
    const keys = (await bucket.list()).objects.map((object) => object.key);
    if (keys.length > 0) await bucket.delete(keys);
  }
});

const storedKeys = async () => (await env.MEDIA.list()).objects.map((object) => object.key).sort();
const rows = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n;

describe("the camera box's nightly film", () => {
  test("becomes a published time-lapse of its day, labelled 'Yesterday in 3 minutes'", async () => {
    const response = await uploadTimelapse(mp4(12 * MiB));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await env.DB.prepare("select * from media where id = ?")
      .bind(id)
      .first<Record<string, string | number>>();
    expect(row).toMatchObject({
      type: "timelapse",
      status: "published",
      film_day: yesterday,
      width: 1920,
      height: 1080,
      duration_seconds: 180,
      byte_size: 12 * MiB,
    });
    expect(row?.title_de).toMatch(/^Zeitraffer vom \d+\. \w+ \d{4}$/);
    expect(row?.description_en).toContain("1920 × 1080 pixels, 3 minutes");
    expect(row?.description_it).toContain("1920 × 1080 pixel, 3 minuti");
    expect(await rows("uploads")).toBe(0);

    const gallery = await (await visit("/en/gallery")).text();
    expect(gallery.replaceAll("<!-- -->", "")).toContain("Yesterday in 3 minutes");
    const film = await visit(`/api/files/${row?.file_key}`);
    expect(film.headers.get("Content-Type")).toBe("video/mp4");
  });

  test("keeps the film's share card: its page's link preview, replaced by a re-run, deleted when the film expires", async () => {
    const cardKey = async () =>
      (await env.DB.prepare("select card_key from media").first<{ card_key: string }>())?.card_key;
    const card = jpegStill({ width: 1200, height: 630, bytes: SHARE_CARD.maxBytes });
    const { id } = (await (await uploadTimelapse(mp4(6 * MiB), yesterday, card)).json()) as {
      id: string;
    };
    const key = await cardKey();
    expect(key).toMatch(/^media\/[a-f0-9]{64}\.jpg$/);
    const served = await visit(`/media/${key}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(card);
    const html = await (await visit(`/en/gallery/${id}`)).text();
    expect(html).toContain(
      `<meta property="og:image" content="https://lakegarda-live.example/media/${key}"/>`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');

    // A re-run's card replaces it; pages rendered before get the old one for a day.
    const rerunCard = jpegStill({ width: 1200, height: 630, bytes: 9000 });
    await uploadTimelapse(mp4(7 * MiB), yesterday, rerunCard);
    const rerunKey = await cardKey();
    expect(rerunKey).not.toBe(key);
    expect((await visit(`/media/${key}`)).status).toBe(200);
    await env.DB.prepare("update retired_files set delete_after = ?")
      .bind(Date.now() - 1)
      .run();
    await runCron();
    expect(await env.MEDIA.head(key ?? "")).toBeNull();
    expect((await visit(`/media/${key}`)).status).toBe(404);
    expect((await visit(`/media/${rerunKey}`)).status).toBe(200);

    const expired = Date.now() - (Number(env.TIMELAPSE_RETENTION_DAYS) + 1) * 86_400_000;
    await env.DB.prepare("update media set taken_at = ?").bind(expired).run();
    await runCron();
    expect(await rows("media")).toBe(0);
    expect(await storedKeys()).toEqual([]);
    expect((await env.PUBLIC_MEDIA.list()).objects.map((o) => o.key)).toEqual([]);
  });

  test("refuses a card that is not 1200×630 or over 200 kB; a film without one shows its poster", async () => {
    const film = mp4(6 * MiB);
    const { body } = await start(film);
    for (const [card, status] of [
      [jpegStill({ width: 1280, height: 720, bytes: 9000 }), 422],
      [jpegStill({ width: 1200, height: 630, bytes: SHARE_CARD.maxBytes + 1 }), 413],
      [fileBytes(4096, "html"), 422],
    ] as const) {
      expect((await asBox("PUT", TIMELAPSE_PATHS.card(body.id), card)).status).toBe(status);
    }
    await sendParts(body.id, film);
    const poster = jpegStill({ width: 1920, height: 1080 });
    await asBox("PUT", TIMELAPSE_PATHS.poster(body.id), poster);
    const done = await asBox("POST", TIMELAPSE_PATHS.complete(body.id), facts());
    const { id } = (await done.json()) as { id: string };
    const row = await env.DB.prepare("select card_key, thumbnail_key from media where id = ?")
      .bind(id)
      .first<{ card_key: string | null; thumbnail_key: string }>();
    expect(row?.card_key).toBeNull();
    const html = await (await visit(`/en/gallery/${id}`)).text();
    expect(html).toContain(
      `<meta property="og:image" content="https://lakegarda-live.example/media/${row?.thumbnail_key}"/>`,
    );
  });

  test("resumes: starting the same file again answers the parts already stored", async () => {
    const film = mp4(12 * MiB);
    const first = await start(film);
    await sendParts(first.body.id, film, [1]);
    const again = await start(film);
    expect(again.body).toMatchObject({ id: first.body.id, doneParts: [1] });
    await sendParts(again.body.id, film, [2]);
    const poster = jpegStill({ width: 1920, height: 1080 });
    await asBox("PUT", TIMELAPSE_PATHS.poster(again.body.id), poster);
    expect((await asBox("POST", TIMELAPSE_PATHS.complete(again.body.id), facts())).status).toBe(
      201,
    );
  });

  test("a re-run for the same day replaces the film in the same item; pages that name the old files get them for a day", async () => {
    const first = (await (await uploadTimelapse(mp4(6 * MiB))).json()) as { id: string };
    await env.DB.prepare("update media set featured = 1, like_count = 4 where id = ?")
      .bind(first.id)
      .run();
    type Row = {
      featured: number;
      like_count: number;
      byte_size: number;
      file_key: string;
      thumbnail_key: string;
    };
    const row = async () =>
      (
        await env.DB.prepare(
          "select featured, like_count, byte_size, file_key, thumbnail_key from media",
        ).all<Row>()
      ).results;
    const [before] = await row();
    const rerender = mp4(7 * MiB);
    const second = await uploadTimelapse(rerender);
    expect(await second.json()).toEqual({ id: first.id });
    const after = await row();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ featured: 1, like_count: 4, byte_size: 7 * MiB });
    const current = [after[0]?.file_key ?? "", after[0]?.thumbnail_key ?? ""];
    const old = [before?.file_key ?? "", before?.thumbnail_key ?? ""];

    // A gallery page rendered before the re-run still gets the old film and poster.
    const served = async (key: string) => {
      const response = await visit(`/api/files/${key}`);
      await response.arrayBuffer();
      return [response.status, response.headers.get("Content-Type")];
    };
    expect(await served(old[0] ?? "")).toEqual([200, "video/mp4"]);
    expect(await served(old[1] ?? "")).toEqual([200, "image/jpeg"]);
    // Not for an item the owner hid.
    await env.DB.prepare("update media set status = 'hidden'").run();
    expect((await served(old[1] ?? ""))[0]).toBe(404);
    await env.DB.prepare("update media set status = 'published'").run();

    // A day later the cron deletes them; the current film stays.
    await runCron();
    expect(await storedKeys()).toEqual([...current, ...old].sort());
    await env.DB.prepare("update retired_files set delete_after = ?")
      .bind(Date.now() - 1)
      .run();
    expect((await served(old[1] ?? ""))[0]).toBe(404);
    await runCron();
    expect(await storedKeys()).toEqual([...current].sort());
    expect(await rows("retired_files")).toBe(0);
    expect((await served(current[0] ?? ""))[0]).toBe(200);
  });

  test("a part or poster that lands after a new start discarded its upload answers 404 and leaves nothing", async () => {
    const film = mp4(6 * MiB);
    const { body } = await start(film);
    let restarted: Response | undefined;
    const startAnother = async () => {
      restarted = (await start(mp4(7 * MiB))).response;
    };
    const racingPart = actingJustBefore(env.DB, 'insert into "upload_parts"', startAnother);
    const part = await asBox("PUT", TIMELAPSE_PATHS.part(body.id, 1), film, {
      ...env,
      DB: racingPart,
    });
    expect(restarted?.status).toBe(201);
    expect(part.status).toBe(404);
    expect(await rows("upload_parts")).toBe(0);

    const { body: second } = await start(mp4(8 * MiB));
    const racingPoster = actingBeforePut(env.MEDIA, () => start(mp4(9 * MiB)));
    const poster = jpegStill({ width: 1920, height: 1080 });
    const late = await asBox("PUT", TIMELAPSE_PATHS.poster(second.id), poster, {
      ...env,
      MEDIA: racingPoster,
    });
    expect(late.status).toBe(404);
    expect(await storedKeys()).toEqual([]);
  });

  describe("discarded while it registers (here by a new start for the day; the cron does the same)", () => {
    /** Every part and the poster sent; the other start lands just as the registration writes. */
    async function registeredWhileDiscarded(film: Uint8Array) {
      const { body } = await start(film);
      await sendParts(body.id, film);
      const poster = jpegStill({ width: 1920, height: 1080 });
      expect((await asBox("PUT", TIMELAPSE_PATHS.poster(body.id), poster)).status).toBe(204);
      let restarted: Response | undefined;
      const startAnother = async () => {
        restarted = (await start(mp4(film.byteLength))).response;
      };
      const racing = actingJustBefore(env.DB, 'insert into "retired_files"', startAnother);
      const done = await asBox("POST", TIMELAPSE_PATHS.complete(body.id), facts(), {
        ...env,
        DB: racing,
      });
      expect(restarted?.status).toBe(201);
      return done;
    }

    test("a first film leaves no item and no files, and completing answers 404", async () => {
      expect((await registeredWhileDiscarded(mp4(6 * MiB))).status).toBe(404);
      expect(await rows("media")).toBe(0);
      expect(await storedKeys()).toEqual([]);
    });

    test("a re-run leaves the day's film as it was", async () => {
      await uploadTimelapse(mp4(6 * MiB));
      const filmRows = async () =>
        (await env.DB.prepare("select id, file_key, thumbnail_key, byte_size from media").all())
          .results as { file_key: string; thumbnail_key: string }[];
      const before = await filmRows();
      expect((await registeredWhileDiscarded(mp4(7 * MiB))).status).toBe(404);
      expect(await filmRows()).toEqual(before);
      expect(await rows("retired_files")).toBe(0);
      expect(await storedKeys()).toEqual([before[0]?.file_key, before[0]?.thumbnail_key].sort());
    });
  });

  test("a changed file for the day discards the open upload it replaces", async () => {
    const film = mp4(12 * MiB);
    const first = await start(film);
    await sendParts(first.body.id, film, [1]);
    const other = mp4(12 * MiB);
    other[100] = 1;
    const second = await start(other);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.doneParts).toEqual([]);
    expect(await rows("uploads")).toBe(1);
    const stale = await asBox("PUT", TIMELAPSE_PATHS.part(first.body.id, 2), other.slice(10 * MiB));
    expect(stale.status).toBe(404);
  });

  test("refuses a film that is not an MP4 and keeps nothing of it", async () => {
    const response = await uploadTimelapse(fileBytes(3 * MiB, "html"));
    expect(response.status).toBe(422);
    expect(await rows("media")).toBe(0);
    expect(await rows("uploads")).toBe(0);
    expect(await storedKeys()).toEqual([]);
  });

  test("refuses requests without the box's signature, storing nothing", async () => {
    const body = new TextEncoder().encode(
      JSON.stringify({ day: yesterday, byteSize: 1000, sha256: "a".repeat(64) }),
    );
    const forged = await visit(TIMELAPSE_PATHS.start, {
      method: "POST",
      body,
      headers: await signedHeaders("POST", TIMELAPSE_PATHS.start, body, { secret: "x".repeat(40) }),
    });
    expect(forged.status).toBe(401);
    const unsigned = await visit(TIMELAPSE_PATHS.start, { method: "POST", body });
    expect(unsigned.status).toBe(403);
    expect(await rows("uploads")).toBe(0);
    expect(await storedKeys()).toEqual([]);
  });

  test("refuses oversize films, wrong parts, a poster that is not a JPEG and wrong days", async () => {
    const huge = await asBox("POST", TIMELAPSE_PATHS.start, {
      day: yesterday,
      byteSize: MAX_TIMELAPSE_BYTES + 1,
      sha256: "a".repeat(64),
    });
    expect(huge.status).toBe(400);
    const today = await asBox("POST", TIMELAPSE_PATHS.start, {
      day: lakeDate(Date.now()),
      byteSize: 1000,
      sha256: "a".repeat(64),
    });
    expect(today.status).toBe(422);
    expect(await rows("uploads")).toBe(0);

    const film = mp4(12 * MiB);
    const { body } = await start(film);
    const short = await asBox("PUT", TIMELAPSE_PATHS.part(body.id, 1), film.slice(0, MiB));
    expect(short.status).toBe(400);
    const tooMany = await asBox("PUT", TIMELAPSE_PATHS.part(body.id, 3), film.slice(0, 10));
    expect(tooMany.status).toBe(400);
    const poster = await asBox("PUT", TIMELAPSE_PATHS.poster(body.id), fileBytes(4096, "html"));
    expect(poster.status).toBe(415);
    await sendParts(body.id, film);
    const missingPoster = await asBox("POST", TIMELAPSE_PATHS.complete(body.id), facts());
    expect(missingPoster.status).toBe(409);
    await asBox("PUT", TIMELAPSE_PATHS.poster(body.id), jpegStill({ width: 1920, height: 1080 }));
    const elsewhen = await asBox("POST", TIMELAPSE_PATHS.complete(body.id), facts("2020-01-01"));
    expect(elsewhen.status).toBe(422);
    const garbled = await asBox("POST", TIMELAPSE_PATHS.complete(body.id), new Uint8Array([1, 2]));
    expect(garbled.status).toBe(400);
    expect(await rows("media")).toBe(0);
  });

  test("takes the films of the last 60 lake days, counted in days across a change of the clocks", async () => {
    // 00:30 on 6 April in Rome, a week after the clocks went forward: 60 × 24 hours earlier
    // is still 4 February there, but the 60th day back is the 5th.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-04-05T22:30:00Z"));
    try {
      const film = mp4(1000);
      const tooOld = await asBox("POST", TIMELAPSE_PATHS.start, {
        day: "2026-02-04",
        byteSize: film.byteLength,
        sha256: await sha256Hex(film),
      });
      expect(tooOld.status).toBe(422);
      expect((await start(film, "2026-02-05")).response.status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  test("the owner's upload list does not offer the box's films", async () => {
    await start(mp4(1000));
    const { session } = await logIn();
    const list = await visit("/api/admin/uploads", {
      headers: { Origin: ORIGIN, Cookie: session },
    });
    expect(await list.json()).toEqual({ uploads: [] });
  });
});
