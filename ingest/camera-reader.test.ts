import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { type CameraStandIn, startCamera } from "#e2e/camera-stand-in.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { CameraReader, type Subscriber } from "./camera-reader.ts";
import { stillArgs } from "./hls.ts";

let camera: CameraStandIn;
let reader: CameraReader | undefined;
const heard: { answering: boolean; at: number }[] = [];

beforeAll(async () => {
  camera = await startCamera({ keyframeSeconds: 2 });
});
afterAll(() => camera.stop());
afterEach(async () => {
  await reader?.stop();
  heard.length = 0;
});

async function readCamera() {
  reader = new CameraReader(await testConfig({}, ["--input", camera.url]), {
    onAnswering: (answering, at) => heard.push({ answering, at }),
  });
  reader.start();
  expect(await reader.answered(20_000)).toBe(true);
  return reader;
}

/** A still from the reader. */
async function still(from: CameraReader) {
  const subscriber = from.subscribe("still", { output: stillArgs() }, { stdout: "pipe" });
  if (!subscriber) throw new Error("the camera does not answer");
  const chunks: Buffer[] = [];
  subscriber.child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  await subscriber.exited;
  return { jpeg: Buffer.concat(chunks) };
}

describe("the box's one connection to a real RTSP camera", { timeout: 90_000 }, () => {
  test("hands every role the picture from its last keyframe, without waiting for the camera", async () => {
    const box = await readCamera();
    await vi.waitFor(() => expect(box.keyframeSeconds).toBe(2), { timeout: 10_000 });
    const stills = await Promise.all([still(box), still(box), still(box)]);
    for (const { jpeg } of stills) expect(pictureSize(jpeg)).toBe("1920,1080");
    // A camera that sends nothing new: a new connection would get no picture, the cache does.
    camera.freeze();
    try {
      expect(pictureSize((await still(box)).jpeg)).toBe("1920,1080");
    } finally {
      camera.thaw();
    }
  });

  test("a camera switched off is not answering within seconds; back, it answers again", async () => {
    const box = await readCamera();
    const offAt = Date.now();
    await camera.stop();
    await vi.waitFor(() => expect(heard.at(-1)?.answering).toBe(false), { timeout: 10_000 });
    expect((heard.at(-1)?.at ?? 0) - offAt).toBeLessThan(7_000);
    expect(box.subscribe("still", { output: stillArgs() })).toBeNull();
    const backAt = Date.now();
    await camera.restart();
    expect(await box.answered(20_000)).toBe(true);
    expect(Date.now() - backAt).toBeLessThan(15_000);
    expect((await still(box)).jpeg.length).toBeGreaterThan(1000);
  });

  test("is not known to answer until its first connection has shown it; a camera that never answers is then said to be silent", async () => {
    reader = new CameraReader(await testConfig({}, ["--input", "rtsp://127.0.0.1:9/camera"]), {
      onAnswering: (answering, at) => heard.push({ answering, at }),
    });
    expect(reader.answeringIfKnown).toBeNull();
    reader.start();
    await vi.waitFor(() => expect(heard).toEqual([{ answering: false, at: expect.any(Number) }]), {
      timeout: 10_000,
    });
    expect(reader.answeringIfKnown).toBe(false);
  });

  test("a hung camera (its connection open, no data) is left, and read again once it recovers", async () => {
    const box = await readCamera();
    const frozenAt = Date.now();
    camera.freeze();
    await vi.waitFor(() => expect(heard.at(-1)?.answering).toBe(false), { timeout: 20_000 });
    // The sockets' buffers still hold a few seconds of picture, then 5 s of silence.
    expect((heard.at(-1)?.at ?? 0) - frozenAt).toBeLessThan(15_000);
    camera.thaw();
    expect(await box.answered(30_000)).toBe(true);
  });

  test("an ffmpeg that stops reading is killed before its backlog fills the box's memory", async () => {
    const box = await readCamera();
    const stalled = box.subscribe("capture", { output: ["-f", "null", "-"] }) as Subscriber;
    process.kill(stalled.child.pid ?? 0, "SIGSTOP");
    expect(await stalled.exited).toBe("ffmpeg stopped reading");
  });
});
