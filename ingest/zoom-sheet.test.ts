import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { MAX_SHEET_BYTES_PER_PIXEL, tilesOf } from "#protocol/tile-sheet.ts";
import { pictureSize } from "#test/support/box-picture-size.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import type { BoxConfig } from "./config.ts";
import { stillsDir } from "./day-store.ts";
import { sendWaitingStills } from "./still.ts";
import { stillZoom } from "./zoom-sheet.ts";

/** A 4K camera frame: the test pattern with `noise` of grain (detail the encoder pays for). */
const frame = (noise: number, size = "3840x2160") =>
  new Uint8Array(
    execFileSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-f", "lavfi"],
        ...["-i", `testsrc2=size=${size},noise=alls=${noise}:allf=t`],
        ...["-frames:v", "1", "-q:v", "5", "-f", "image2", "-c:v", "mjpeg", "pipe:1"],
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ),
  );

/** Each picture ffmpeg decodes from JPEGs one after another, as "width,height". */
const decodedSizes = (jpegs: Uint8Array) =>
  execFileSync(
    "ffprobe",
    [
      "-v",
      "error",
      "-f",
      "jpeg_pipe",
      "-show_entries",
      "frame=width,height",
      "-of",
      "csv=p=0",
      "-",
    ],
    { input: jpegs, maxBuffer: 16 * 1024 * 1024 },
  )
    .toString()
    .trim()
    .split("\n");

let config: BoxConfig;
let worker: BoxWorker;
let lake: Uint8Array<ArrayBuffer>;
beforeAll(() => {
  lake = frame(12);
});
beforeEach(async () => {
  worker = await startBoxWorker();
  config = await testConfig({}, ["--url", worker.url]);
});
afterEach(() => worker.close());

describe("a proposal's zoom", { timeout: 30_000 }, () => {
  test("cuts a 4K frame into 15×9 tiles of 256 px, each a whole JPEG where its offsets say", async () => {
    const zoom = await stillZoom(config, lake);
    if (!zoom) throw new Error("no zoom for a 4K frame");
    expect(zoom.index).toMatchObject({ width: 3840, height: 2160, tile: 256 });
    const tiles = tilesOf(zoom.tiles, zoom.index.offsets);
    expect(tiles).toHaveLength(15 * 9);
    for (const tile of [tiles?.[0], tiles?.[14], tiles?.[134]]) {
      expect(pictureSize(tile ?? new Uint8Array())).toBe("256,256");
    }
    expect(decodedSizes(zoom.tiles)).toEqual(Array(15 * 9).fill("256,256"));
    expect(pictureSize(zoom.large)).toBe("2560,1440");
    // The finest quality fits this frame: 0.2 byte a pixel is 1,659 kB.
    expect(zoom.tiles.length).toBeLessThanOrEqual(3840 * 2160 * MAX_SHEET_BYTES_PER_PIXEL);
  });

  test("goes coarser until the sheet holds at most 0.2 byte a pixel", async () => {
    const grainy = frame(25);
    const zoom = await stillZoom(config, grainy);
    expect(zoom?.tiles.length).toBeLessThanOrEqual(3840 * 2160 * MAX_SHEET_BYTES_PER_PIXEL);
    expect(zoom && decodedSizes(zoom.tiles)).toHaveLength(15 * 9);
  });

  test("is none for a frame no wider than the still", async () => {
    expect(await stillZoom(config, frame(12, "1920x1080"))).toBeNull();
  });

  test("goes with the proposal, whose still is cut to 1920 px", async () => {
    await mkdir(stillsDir(config), { recursive: true });
    const takenAt = Date.now() - 3_600_000;
    await writeFile(join(stillsDir(config), `${takenAt}.sunset.jpg`), lake);
    expect(await sendWaitingStills(config)).toBe(1);
    const [sent] = worker.stills;
    expect(pictureSize(sent?.still ?? Buffer.alloc(0))).toBe("1920,1080");
    expect(sent?.facts?.tiles).toMatchObject({ width: 3840, height: 2160 });
    expect(pictureSize(sent?.versions?.large ?? Buffer.alloc(0))).toBe("2560,1440");
    expect(sent?.versions?.tiles?.length).toBe(sent?.facts?.tiles?.offsets.at(-1));
  });
});
