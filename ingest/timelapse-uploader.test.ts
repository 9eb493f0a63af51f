// @vitest-environment node
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SHARE_CARD } from "#protocol/share-card.ts";
import type { TimelapseFacts } from "#protocol/timelapse-upload.ts";
import { type FakeWorker, startFakeWorker } from "#test/support/box-fake-worker.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { TEST_DEVICE, testConfig } from "#test/support/box-test-config.ts";
import type { BoxConfig } from "./config.ts";
import {
  framesDir,
  isRegistered,
  pendingTimelapses,
  timelapseDir,
  timelapseFiles,
} from "./day-store.ts";
import { uploadPendingTimelapses, uploadTimelapse } from "./timelapse-uploader.ts";

const day = "2026-07-14";
const partSize = 1000;
const facts: TimelapseFacts = {
  width: 1920,
  height: 1080,
  durationSeconds: 180,
  speed: 150,
  from: "2026-07-14T12:01:00.000Z",
  to: "2026-07-14T19:30:54.000Z",
};

let worker: FakeWorker;
let config: BoxConfig;

async function rendered(film: Buffer, on = day) {
  await mkdir(timelapseDir(config, on), { recursive: true });
  await writeFile(timelapseFiles(config, on).film, film);
  await writeFile(timelapseFiles(config, on).poster, Buffer.from("poster jpeg"));
  await writeFile(timelapseFiles(config, on).facts, JSON.stringify(facts));
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

beforeEach(async () => {
  worker = await startFakeWorker({ ...TEST_DEVICE, partSize });
  config = await testConfig({}, ["--url", worker.url]);
});
afterEach(() => worker.close());

describe("uploading a day's film", () => {
  test("sends every part, the poster and the facts, and the Worker gets the exact film", async () => {
    const film = randomBytes(3500);
    await rendered(film);
    const id = await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([1, 2, 3, 4]);
    const registered = worker.films.get(day);
    expect(registered?.id).toBe(id);
    expect(registered?.film.equals(film)).toBe(true);
    expect(registered?.poster.toString()).toBe("poster jpeg");
    expect(registered?.facts).toEqual(facts);
  });

  test("sends a 1200×630 share card within 200 kB, cut from the poster", async () => {
    await rendered(randomBytes(1500));
    await renderedPoster();
    await uploadTimelapse(config, day);
    const card = worker.films.get(day)?.card ?? Buffer.alloc(0);
    expect(pictureSize(card)).toBe("1200,630");
    expect(card.length).toBeLessThanOrEqual(SHARE_CARD.maxBytes);
  });

  test("registers the film with its poster alone when the Worker refuses the card", async () => {
    await rendered(randomBytes(1500));
    await renderedPoster();
    worker.fail(/card$/, 404);
    const id = await uploadTimelapse(config, day);
    expect(worker.films.get(day)).toMatchObject({ id, card: null });
  });

  test("deletes the day's frames only once the Worker confirmed the film", async () => {
    await rendered(randomBytes(2500));
    worker.fail(/complete$/, 409);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/409/);
    expect(existsSync(framesDir(config, day))).toBe(true);
    expect(await isRegistered(config, day)).toBe(false);

    await uploadTimelapse(config, day);
    expect(existsSync(framesDir(config, day))).toBe(false);
    expect(await isRegistered(config, day)).toBe(true);
    expect(existsSync(timelapseFiles(config, day).film)).toBe(true);
  });

  test("resumes an interrupted upload with only the parts the Worker is missing", async () => {
    const film = randomBytes(4200);
    await rendered(film);
    worker.fail(/parts\/3$/, 400);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/400/);
    expect(partsSent()).toEqual([1, 2, 3]);

    worker.requests.length = 0;
    await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([3, 4, 5]);
    expect(worker.films.get(day)?.film.equals(film)).toBe(true);
  });

  test("retries a part the Worker failed on with a fresh signature, and gives up on a 4xx at once", async () => {
    await rendered(randomBytes(1500));
    worker.fail(/parts\/2$/, 503, 2);
    await uploadTimelapse(config, day);
    expect(partsSent()).toEqual([1, 2, 2, 2]);

    worker.requests.length = 0;
    worker.fail(/films$/, 401);
    await expect(uploadTimelapse(config, day)).rejects.toThrow(/401/);
    expect(worker.requests).toEqual(["POST /api/ingest/films"]);
  });

  test("a re-run for the same day starts cleanly and replaces that day's film", async () => {
    await rendered(randomBytes(1800));
    const first = await uploadTimelapse(config, day);
    const rerendered = randomBytes(2100);
    await rendered(rerendered);
    worker.requests.length = 0;
    const second = await uploadTimelapse(config, day);
    expect(second).not.toBe(first);
    expect(partsSent()).toEqual([1, 2, 3]);
    expect(worker.films.get(day)?.film.equals(rerendered)).toBe(true);
    expect(worker.films.size).toBe(1);
  });

  test("the next run uploads the films left pending, oldest first, and skips the confirmed", async () => {
    await rendered(randomBytes(1200), "2026-07-12");
    await rendered(randomBytes(1200), "2026-07-13");
    worker.fail(/films$/, 503, 3);
    expect(await uploadPendingTimelapses(config)).toEqual({
      uploaded: ["2026-07-13"],
      failed: ["2026-07-12"],
    });
    expect(await pendingTimelapses(config)).toEqual(["2026-07-12"]);
    expect(await uploadPendingTimelapses(config)).toEqual({ uploaded: ["2026-07-12"], failed: [] });
    expect(await pendingTimelapses(config)).toEqual([]);
    expect([...worker.films.keys()].sort()).toEqual(["2026-07-12", "2026-07-13"]);
    worker.requests.length = 0;
    expect(await uploadPendingTimelapses(config)).toEqual({ uploaded: [], failed: [] });
    expect(worker.requests).toEqual([]);
    expect(
      JSON.parse(await readFile(timelapseFiles(config, "2026-07-12").registered, "utf8")),
    ).toEqual({
      id: worker.films.get("2026-07-12")?.id,
    });
  });
});
