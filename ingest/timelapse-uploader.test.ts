import { execFileSync } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PART_SIZE } from "#app/features/uploads/upload-limits.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import type { TimelapseFacts } from "#protocol/timelapse-upload.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { testConfig, yesterday } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import { addDays } from "#time/calendar-day.ts";
import type { BoxConfig } from "./config.ts";
import {
  framesDir,
  isRegistered,
  pendingTimelapses,
  timelapseDir,
  timelapseFiles,
} from "./day-store.ts";
import { uploadPendingTimelapses, uploadTimelapse } from "./timelapse-uploader.ts";

// A past day the Worker takes a film of; each test's own, as a re-run replaces the day's film.
let day: string;
/** The day's light, noon to dusk on the lake's clock, as the render measured it. */
const factsOf = (on: string): TimelapseFacts => ({
  width: 320,
  height: 180,
  durationSeconds: 1,
  speed: 150,
  from: `${on}T11:01:00.000Z`,
  to: `${on}T16:30:54.000Z`,
});

let worker: BoxWorker;
let config: BoxConfig;
let clip: Buffer;
let poster: Buffer;

/** The clip ffmpeg made, grown by a free box to `bytes`: a film over `bytes / PART_SIZE` parts. */
function filmOf(bytes: number) {
  const free = Buffer.alloc(bytes - clip.length);
  free.writeUInt32BE(free.length);
  free.write("free", 4);
  randomFillSync(free, 8);
  return Buffer.concat([clip, free]);
}

async function rendered(film: Buffer, on = day) {
  await mkdir(timelapseDir(config, on), { recursive: true });
  await writeFile(timelapseFiles(config, on).film, film);
  await writeFile(timelapseFiles(config, on).poster, poster);
  await writeFile(timelapseFiles(config, on).facts, JSON.stringify(factsOf(on)));
  await mkdir(framesDir(config, on), { recursive: true });
  await writeFile(join(framesDir(config, on), "120100.jpg"), "frame");
}

/** A poster as the render makes it, of a detailed, noisy noon frame. */
async function renderedPoster() {
  execFileSync(config.ffmpegPath, [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
    ...["-i", "testsrc2=size=1920x1080,noise=alls=40:allf=t", "-frames:v", "1", "-q:v", "2"],
    timelapseFiles(config, day).poster,
  ]);
}

const partsSent = () =>
  worker.requests.filter((r) => r.includes("/parts/")).map((r) => Number(r.split("/").at(-1)));

let days = 0;
beforeAll(async () => {
  const dir = (await testConfig()).dataDir;
  const ffmpeg = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i"];
  execFileSync("ffmpeg", [...ffmpeg, "testsrc2=size=320x180:duration=1", join(dir, "clip.mp4")]);
  execFileSync("ffmpeg", [
    ...ffmpeg,
    "testsrc2=size=320x180",
    "-frames:v",
    "1",
    join(dir, "p.jpg"),
  ]);
  clip = await readFile(join(dir, "clip.mp4"));
  poster = await readFile(join(dir, "p.jpg"));
});
beforeEach(async () => {
  days += 1;
  day = addDays(yesterday(), -days);
  worker = await startBoxWorker();
  config = await testConfig({}, ["--url", worker.url]);
});
afterEach(() => worker.close());

describe("uploading a day's film", { timeout: 60_000 }, () => {
  test("sends every part, the poster and the facts, and visitors get the exact film", async () => {
    const film = filmOf(PART_SIZE + 3500);
    await rendered(film);
    const id = await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([1, 2]);
    const registered = await worker.film(day);
    expect(registered?.id).toBe(id);
    expect(registered?.film?.equals(film)).toBe(true);
    expect(registered?.poster?.equals(poster)).toBe(true);
    expect(registered?.facts).toEqual({ width: 320, height: 180, durationSeconds: 1 });
  });

  test("sends a 1200×630 share card within 200 kB, cut from the poster", async () => {
    await rendered(filmOf(1500 + clip.length));
    await renderedPoster();
    await uploadTimelapse(config, day);
    const card = (await worker.film(day))?.card ?? Buffer.alloc(0);
    expect(pictureSize(card)).toBe("1200,630");
    expect(card.length).toBeLessThanOrEqual(SHARE_CARD.maxBytes);
  });

  test("registers the film with its poster alone when the Worker refuses the card", async () => {
    await rendered(filmOf(1500 + clip.length));
    await renderedPoster();
    worker.fail(/card$/, 404);
    const id = await uploadTimelapse(config, day);
    expect(await worker.film(day)).toMatchObject({ id, card: null });
  });

  test("deletes the day's frames only once the Worker confirmed the film", async () => {
    await rendered(filmOf(2500 + clip.length));
    worker.fail(/complete$/, 409);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/409/);
    expect(existsSync(framesDir(config, day))).toBe(true);
    expect(await isRegistered(config, day)).toBe(false);
    expect(await worker.film(day)).toBeUndefined();

    await uploadTimelapse(config, day);
    expect(existsSync(framesDir(config, day))).toBe(false);
    expect(await isRegistered(config, day)).toBe(true);
    expect(existsSync(timelapseFiles(config, day).film)).toBe(true);
  });

  test("resumes an interrupted upload with only the parts the Worker is missing", async () => {
    const film = filmOf(2 * PART_SIZE + 4200);
    await rendered(film);
    worker.fail(/parts\/2$/, 400);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/400/);
    expect(partsSent()).toEqual([1, 2]);

    worker.requests.length = 0;
    await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([2, 3]);
    expect((await worker.film(day))?.film?.equals(film)).toBe(true);
  });

  test("retries a part the Worker failed on with a fresh signature, and gives up on a 4xx at once", async () => {
    await rendered(filmOf(PART_SIZE + 1500));
    worker.fail(/parts\/2$/, 503, 2);
    await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([1, 2, 2, 2]);

    worker.requests.length = 0;
    worker.fail(/films$/, 401);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/401/);
    expect(worker.requests).toEqual(["POST /api/ingest/films"]);
  });

  test("a re-run for the same day starts cleanly and replaces that day's film, at the same address", async () => {
    const first = filmOf(1800 + clip.length);
    await rendered(first);
    const id = await uploadTimelapse(config, day);
    expect((await worker.film(day))?.film?.equals(first)).toBe(true);
    const rerendered = filmOf(2 * PART_SIZE + 2100);
    await rendered(rerendered);
    worker.requests.length = 0;
    expect(await uploadTimelapse(config, day)).toBe(id);
    expect(partsSent()).toEqual([1, 2, 3]);
    expect((await worker.film(day))?.film?.equals(rerendered)).toBe(true);
  });

  test("the next run uploads the films left pending, oldest first, and skips the confirmed", async () => {
    const older = addDays(day, -30);
    await rendered(filmOf(1200 + clip.length), older);
    await rendered(filmOf(1200 + clip.length));
    worker.fail(/films$/, 503, 3);
    expect(await uploadPendingTimelapses(config)).toEqual({ uploaded: [day], failed: [older] });
    expect(await pendingTimelapses(config)).toEqual([older]);
    expect(await uploadPendingTimelapses(config)).toEqual({ uploaded: [older], failed: [] });
    expect(await pendingTimelapses(config)).toEqual([]);
    worker.requests.length = 0;
    expect(await uploadPendingTimelapses(config)).toEqual({ uploaded: [], failed: [] });
    expect(worker.requests).toEqual([]);
    expect(JSON.parse(await readFile(timelapseFiles(config, older).registered, "utf8"))).toEqual({
      id: (await worker.film(older))?.id,
    });
  });
});
