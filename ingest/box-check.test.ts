import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type CameraStandIn, startCamera } from "#e2e/camera-stand-in.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { checkCamera, checkFfmpeg, checkWorker } from "./box-check.ts";

/** A free port whose digits read like RTSP statuses (40401: "404" and "401"), as real ports may. */
async function portLikeAStatus(): Promise<number> {
  for (const port of [40401, ...Array.from({ length: 100 }, (_, i) => 40100 + i)]) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once("error", () => resolve(false))
        .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 40100-40199");
}

let camera: CameraStandIn;
beforeAll(async () => {
  camera = await startCamera({ port: await portLikeAStatus(), keyframeSeconds: 2 });
});
afterAll(() => camera.stop());

describe("box check tells the owner in plain words", { timeout: 60_000 }, () => {
  test("that ffmpeg is missing", async () => {
    expect(await checkFfmpeg("/nonexistent/ffmpeg")).toEqual({
      ok: false,
      text: "ffmpeg is not installed: sudo apt-get install ffmpeg",
    });
    expect(await checkFfmpeg("ffmpeg")).toEqual({
      ok: true,
      text: "ffmpeg is installed, with H.264 and blurdetect",
    });
  });

  test("that ffmpeg is too old to score the day's pictures", async () => {
    // FFmpeg 4's lists: H.264, but no blurdetect.
    const old = join(await mkdtemp(join(tmpdir(), "old-ffmpeg-")), "ffmpeg");
    await writeFile(old, '#!/bin/sh\necho " V....D libx264"\necho " ... signalstats"\n');
    await chmod(old, 0o755);
    expect(await checkFfmpeg(old)).toEqual({
      ok: false,
      text: "ffmpeg has no blurdetect (FFmpeg 5.1 or later, as in Debian 12): the box cannot pick the day's sunset and best picture",
    });
  });

  test("that the camera answers with H.264, a keyframe every 2 s", async () => {
    const [answers, keyframes] = await checkCamera(camera.url);
    expect(answers).toEqual({ ok: true, text: expect.stringMatching(/answers with H\.264$/) });
    expect(keyframes).toEqual({ ok: true, text: "a keyframe every 2.0 s" });
  });

  test("a wrong path, and a camera switched off", async () => {
    const port = new URL(camera.url).port;
    expect(await checkCamera(camera.url.replace("/cam", "/stream1"))).toEqual([
      {
        ok: false,
        text: `the camera at 127.0.0.1:${port} has no stream at /stream1: check the path in its manual`,
      },
    ]);
    await camera.stop();
    try {
      expect(await checkCamera(camera.url)).toEqual([
        {
          ok: false,
          text: `nothing answers on port ${port} at 127.0.0.1: check the camera's RTSP port`,
        },
      ]);
    } finally {
      await camera.restart();
    }
  });

  test("a site that cannot be reached", async () => {
    const config = await testConfig({}, ["--url", "http://127.0.0.1:9"]);
    expect(await checkWorker(config)).toEqual([
      {
        ok: false,
        text: "the site at http://127.0.0.1:9 cannot be reached: check the URL and the network",
      },
    ]);
  });
});
