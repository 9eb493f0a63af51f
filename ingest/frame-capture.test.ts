import { readdir, stat } from "node:fs/promises";
import { afterEach, describe, expect, test, vi } from "vitest";
import { type CameraStandIn, startCamera } from "#e2e/camera-stand-in.ts";
import type { EventReport } from "#protocol/camera-box.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { clockOf, lakeDate } from "#time/lake-time.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { framesDir } from "./day-store.ts";
import { captureArgs, captureFrames } from "./frame-capture.ts";

const secondOfDay = (hhmmss: string) =>
  Number(hhmmss.slice(0, 2)) * 3600 + Number(hhmmss.slice(2, 4)) * 60 + Number(hhmmss.slice(4, 6));

let reader: CameraReader | undefined;
let camera: CameraStandIn | undefined;
afterEach(async () => {
  await reader?.stop();
  await camera?.stop();
  camera = undefined;
  vi.restoreAllMocks();
});

async function capturing(config: BoxConfig, seconds: number, status = new BoxStatus()) {
  reader = new CameraReader(config);
  reader.start();
  await reader.answered(20_000);
  const day = lakeDate(new Date(), config.timeZone);
  const until = new Date(Date.now() + seconds * 1000);
  const stop = new AbortController();
  const done = captureFrames(config, reader, status, day, until, stop.signal);
  return { day, done, status, stop: () => stop.abort() };
}

describe("time-lapse frames", { timeout: 90_000 }, () => {
  test("one long ffmpeg takes a 1080p JPEG every 6 s, named by the clock, decoding keyframes only when they fall on the frames", () => {
    const args = captureArgs("/data/frames/2026-07-14", 2);
    expect(args.decode).toEqual(["-skip_frame", "nokey"]);
    expect(args.output.join(" ")).toContain(
      "-vf fps=1/6,scale=1920:1080:force_original_aspect_ratio=decrease",
    );
    expect(args.output.join(" ")).toContain(
      "-f image2 -strftime 1 /data/frames/2026-07-14/%H%M%S.jpg",
    );
    expect(captureArgs("/data", 4).decode).toEqual([]);
    expect(captureArgs("/data", null).decode).toEqual([]);
  });

  test("are named by the lake's clock whatever the box's own time zone", async () => {
    const config = await testConfig({ CAMERA_TIME_ZONE: "Pacific/Auckland" });
    const started = new Date();
    const { day, done, stop } = await capturing(config, 60);
    await vi.waitFor(async () => expect(await readdir(framesDir(config, day))).not.toEqual([]), {
      timeout: 30_000,
      interval: 500,
    });
    stop();
    await done;
    const names = await readdir(framesDir(config, day));
    const clock = secondOfDay(clockOf(started, config.timeZone));
    for (const name of names) {
      const apart = Math.abs(secondOfDay(name) - clock);
      expect(Math.min(apart, 86_400 - apart)).toBeLessThan(30);
    }
  });

  test("pause below the free-space floor and say so, taking nothing, and tell the owner", async () => {
    const config = await testConfig({ CAMERA_MIN_FREE_MIB: String(1024 ** 3) });
    const logged = vi.spyOn(console, "log");
    const told: EventReport[] = [];
    const watched = new BoxStatus();
    watched.sendEventsWith((event) => told.push(event) > 0);
    const { day, done, status } = await capturing(config, 2, watched);
    await done;
    expect(told.map(({ kind }) => kind)).toEqual(["capture_paused"]);
    expect(await readdir(framesDir(config, day))).toEqual([]);
    expect(status.capturePaused).toBe(true);
    expect(logged.mock.calls.flat().join("\n")).toMatch(
      /capture: paused, less than 1073741824 MiB free/,
    );
  });

  test("a frozen ffmpeg (SIGSTOP) is replaced: a new frame from the camera within 45 s", async () => {
    camera = await startCamera();
    const config = await testConfig({}, ["--input", camera.url]);
    const logged = vi.spyOn(console, "log");
    const { day, done, status, stop } = await capturing(config, 80);
    await vi.waitFor(() => expect(status.lastFrameAt).not.toBeNull(), { timeout: 20_000 });
    const pid = Number(/capture: ffmpeg PID (\d+)/.exec(logged.mock.calls.flat().join("\n"))?.[1]);
    const frozenAt = Date.now();
    process.kill(pid, "SIGSTOP");
    const newest = async () => {
      const names = await readdir(framesDir(config, day));
      const times = await Promise.all(
        names.map(async (name) => (await stat(`${framesDir(config, day)}/${name}`)).mtimeMs),
      );
      return Math.max(...times);
    };
    await vi.waitFor(async () => expect(await newest()).toBeGreaterThan(frozenAt), {
      timeout: 45_000,
      interval: 500,
    });
    console.info(`capture frozen: a new frame after ${Math.round((await newest()) - frozenAt)} ms`);
    // Once at least: on a busy host a fresh ffmpeg may be slow to report and replaced again.
    expect(status.restarts24h().capture).toBeGreaterThanOrEqual(1);
    stop();
    await done;
  });
});
