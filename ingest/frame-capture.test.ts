// @vitest-environment node
import { readdir } from "node:fs/promises";
import { describe, expect, test, vi } from "vitest";
import { testConfig } from "#test/support/box-test-config.ts";
import { clockOf, lakeDate } from "#time/lake-time.ts";
import { framesDir } from "./day-store.ts";
import { captureArgs, captureFrames } from "./frame-capture.ts";

const secondOfDay = (hhmmss: string) =>
  Number(hhmmss.slice(0, 2)) * 3600 + Number(hhmmss.slice(2, 4)) * 60 + Number(hhmmss.slice(4, 6));

describe("time-lapse frames", { timeout: 30_000 }, () => {
  test("one long ffmpeg takes a 1080p JPEG every 6 s, named by the clock", () => {
    const args = captureArgs("rtsp://cam/stream", "/data/frames/2026-07-14").join(" ");
    expect(args).toContain("-rtsp_transport tcp -timeout 5000000 -i rtsp://cam/stream");
    expect(args).toContain("-vf fps=1/6,scale=1920:1080:force_original_aspect_ratio=decrease");
    expect(args).toContain("-f image2 -strftime 1 /data/frames/2026-07-14/%H%M%S.jpg");
    expect(args).not.toContain("-frames:v");
  });

  test("are named by the lake's clock whatever the box's own time zone", async () => {
    const config = await testConfig({ CAMERA_TIME_ZONE: "Pacific/Auckland" });
    const day = lakeDate(new Date(), config.timeZone);
    const started = new Date();
    await captureFrames(config, day, new Date(Date.now() + 8000), new AbortController().signal);
    const names = await readdir(framesDir(config, day));
    expect(names.length).toBeGreaterThanOrEqual(1);
    const clock = secondOfDay(clockOf(started, config.timeZone));
    for (const name of names) {
      const apart = Math.abs(secondOfDay(name) - clock);
      expect(Math.min(apart, 86_400 - apart)).toBeLessThan(30);
    }
  });

  test("pause below the free-space floor and say so, taking nothing", async () => {
    const config = await testConfig({ CAMERA_MIN_FREE_MIB: String(1024 ** 3) });
    const logged = vi.spyOn(console, "log");
    const day = lakeDate(new Date(), config.timeZone);
    await captureFrames(config, day, new Date(Date.now() + 1500), new AbortController().signal);
    expect(await readdir(framesDir(config, day))).toEqual([]);
    expect(logged.mock.calls.flat().join("\n")).toMatch(
      /capture: paused, less than 1073741824 MiB free/,
    );
  });
});
