import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { MAX_STILL_BYTES } from "#protocol/camera-box.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { stillsDir } from "./day-store.ts";
import { sendWaitingStills, takeStill } from "./still.ts";

// The Worker takes stills of the last 48 hours by its own clock.
const now = Date.now();
const hoursAgo = (h: number) => now - h * 3600_000;
const iso = (at: number) => new Date(at).toISOString();

let worker: BoxWorker;
let config: BoxConfig;
let small: Buffer;

async function waiting(...takenAt: number[]) {
  await mkdir(stillsDir(config), { recursive: true });
  for (const at of takenAt) await writeFile(join(stillsDir(config), `${at}.jpg`), small);
}

beforeAll(async () => {
  const file = join((await testConfig()).dataDir, "small.jpg");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360"],
    ...["-frames:v", "1", file],
  ]);
  small = await readFile(file);
});
beforeEach(async () => {
  worker = await startBoxWorker();
  config = await testConfig({}, ["--url", worker.url]);
});
afterEach(() => worker.close());

describe("stills kept while the Worker was unreachable", () => {
  test("go later, oldest first, each with the moment it was taken", async () => {
    await waiting(hoursAgo(0), hoursAgo(5), hoursAgo(1));
    expect(await sendWaitingStills(config, now)).toBe(3);
    expect(worker.stills.map((s) => s.takenAt)).toEqual([
      iso(hoursAgo(5)),
      iso(hoursAgo(1)),
      iso(hoursAgo(0)),
    ]);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });

  test("older than the Worker's 48 hours are dropped without sending", async () => {
    await waiting(hoursAgo(49), hoursAgo(47));
    expect(await sendWaitingStills(config, now)).toBe(1);
    expect(worker.stills.map((s) => s.takenAt)).toEqual([iso(hoursAgo(47))]);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });

  test("stay on disk while the Worker fails, and one it refuses is not sent again", async () => {
    await waiting(hoursAgo(2), hoursAgo(1));
    worker.fail(/still$/, 503, 3);
    await expect(sendWaitingStills(config, now)).rejects.toThrow(/503/);
    expect(await readdir(stillsDir(config))).toHaveLength(2);
    worker.fail(/still$/, 413);
    expect(await sendWaitingStills(config, now)).toBe(1);
    expect(worker.stills.map((s) => s.takenAt)).toEqual([iso(hoursAgo(1))]);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });

  test("stay on disk when the Worker refuses the box itself (its secret or its clock)", async () => {
    await waiting(hoursAgo(2), hoursAgo(1));
    const wrongKey = await testConfig(
      { CAMERA_DATA_DIR: config.dataDir, CAMERA_DEVICE_SECRET: "w".repeat(32) },
      ["--url", worker.url],
    );
    await expect(sendWaitingStills(wrongKey, now)).rejects.toThrow(/401/);
    // The Worker's rate limit, as it would answer a box sending too fast.
    worker.fail(/still$/, 429);
    await expect(sendWaitingStills(config, now)).rejects.toThrow(/429/);
    expect(await readdir(stillsDir(config))).toHaveLength(2);
    expect(await sendWaitingStills(config, now)).toBe(2);
  });
});

describe("a still goes to the archive", () => {
  test("with its 640, 960 and 1280 px versions, in the still's proportions", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const file = join(stillsDir(config), `${hoursAgo(1)}.jpg`);
    execFileSync(config.ffmpegPath, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=1440x1080"],
      ...["-frames:v", "1", file],
    ]);
    const still = await readFile(file);
    expect(await sendWaitingStills(config, now)).toBe(1);
    const [sent] = worker.stills;
    expect(sent?.still).toEqual(still);
    expect(pictureSize(sent?.versions?.thumbnail ?? Buffer.alloc(0))).toBe("640,480");
    expect(pictureSize(sent?.versions?.small ?? Buffer.alloc(0))).toBe("960,720");
    expect(pictureSize(sent?.versions?.medium ?? Buffer.alloc(0))).toBe("1280,960");
    expect(sent?.versions?.thumbnail.length).toBeLessThan(still.length / 3);
    expect(sent?.versions?.small.length).toBeLessThan(sent?.versions?.medium.length ?? 0);
  });

  test("coarser, in its own size, when it is too detailed for the Worker's limit", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const file = join(stillsDir(config), `${hoursAgo(1)}.jpg`);
    // Sensor noise, as on a dark and rainy night: over 1 MiB at the box's usual quality.
    execFileSync(config.ffmpegPath, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi"],
      ...["-i", "nullsrc=s=1920x1080,geq=random(1)*255:128:128", "-frames:v", "1", "-q:v", "5"],
      file,
    ]);
    expect((await readFile(file)).length).toBeGreaterThan(MAX_STILL_BYTES);
    expect(await sendWaitingStills(config, now)).toBe(1);
    const [sent] = worker.stills;
    expect(sent?.still.length).toBeLessThanOrEqual(MAX_STILL_BYTES);
    expect(sent?.still.length).toBeGreaterThan(MAX_STILL_BYTES / 2);
    expect(pictureSize(sent?.still ?? Buffer.alloc(0))).toBe("1920,1080");
    expect(pictureSize(sent?.versions?.medium ?? Buffer.alloc(0))).toBe("1280,720");
  });

  test("with a 1200×630 share card within 200 kB, even from a noisy frame", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const file = join(stillsDir(config), `${hoursAgo(1)}.jpg`);
    execFileSync(config.ffmpegPath, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi"],
      ...["-i", "testsrc2=size=1920x1080,noise=alls=40:allf=t", "-frames:v", "1", "-q:v", "5"],
      file,
    ]);
    expect(await sendWaitingStills(config, now)).toBe(1);
    const card = worker.stills[0]?.versions?.card ?? Buffer.alloc(0);
    expect(pictureSize(card)).toBe("1200,630");
    expect(card.length).toBeLessThanOrEqual(SHARE_CARD.maxBytes);
  });

  test("with its mean colour, within a few levels of the frame's", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const lavfi = ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i"];
    const frames: [string, string[]][] = [
      ["#336699", [...lavfi, "color=c=#336699:s=1920x1080"]],
      ["#18161e", [...lavfi, "color=c=#18161e:s=1920x1080"]],
      // Half sky, half sunlit shore: the mean of the two.
      ["#707070", [...lavfi, "color=c=#2060a0:s=1920x540", ...lavfi, "color=c=#c08040:s=1920x540"]],
    ];
    for (const [index, [, input]] of frames.entries()) {
      const stack = input.length > lavfi.length + 1 ? ["-filter_complex", "vstack"] : [];
      execFileSync(config.ffmpegPath, [
        ...input,
        ...stack,
        ...["-frames:v", "1", join(stillsDir(config), `${hoursAgo(3 - index)}.jpg`)],
      ]);
    }
    expect(await sendWaitingStills(config, now)).toBe(3);
    const levels = (colour = "") =>
      [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
    for (const [index, [colour]] of frames.entries()) {
      const sent = levels(worker.stills[index]?.facts?.colour);
      const expected = levels(colour);
      for (const [channel, level] of sent.entries()) {
        expect(Math.abs(level - (expected[channel] ?? 0))).toBeLessThanOrEqual(4);
      }
    }
  });

  test("a proposal after its slot's plain still, named as such; a candidate stays", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const at = hoursAgo(3);
    const names = [`${at}.sunset.jpg`, `${at}.jpg`, `${hoursAgo(1)}.best.412.candidate`];
    for (const name of names.slice(0, 2)) {
      execFileSync(config.ffmpegPath, [
        ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080"],
        ...["-frames:v", "1", join(stillsDir(config), name)],
      ]);
    }
    await writeFile(join(stillsDir(config), names[2] ?? ""), "jpeg");
    expect(await sendWaitingStills(config, now)).toBe(2);
    expect(worker.stills.map((s) => [s.takenAt, s.facts?.proposal])).toEqual([
      [iso(at), undefined],
      [iso(at), { kind: "sunset", score: expect.any(Number) }],
    ]);
    expect(await readdir(stillsDir(config))).toEqual([names[2]]);
  });

  test("alone, as the JPEG it is, when ffmpeg cannot make its versions", async () => {
    await waiting(hoursAgo(1));
    const broken = await testConfig(
      { CAMERA_DATA_DIR: config.dataDir, CAMERA_FFMPEG: "/nonexistent/ffmpeg" },
      ["--url", worker.url],
    );
    expect(await sendWaitingStills(broken, now)).toBe(1);
    expect(worker.stills).toEqual([{ takenAt: iso(hoursAgo(1)), still: small, versions: null }]);
  });
});

describe("a Worker that cannot be reached", () => {
  test("is named as such, and the stills stay", async () => {
    await waiting(hoursAgo(1));
    await worker.close();
    await expect(sendWaitingStills(config, now)).rejects.toThrow(
      "the Worker cannot be reached (ECONNREFUSED)",
    );
    expect(await readdir(stillsDir(config))).toEqual([`${hoursAgo(1)}.jpg`]);
  });
});

describe("a camera that cannot be reached", () => {
  test("is logged, and nothing is sent", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const camera = await testConfig({}, ["--url", worker.url, "--input", "rtsp://127.0.0.1:9/cam"]);
    const reader = new CameraReader(camera);
    reader.start();
    try {
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/Connection refused/)),
      );
      await takeStill(camera, reader, new BoxStatus());
      expect(logged).toHaveBeenCalledWith(
        "[box] still: could not take one: Error: the camera does not answer",
      );
      expect(worker.stills).toEqual([]);
    } finally {
      await reader.stop();
      logged.mockRestore();
    }
  });
});
