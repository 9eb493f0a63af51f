/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { jpegFrame } from "#app/.server/files/jpeg.ts";
import { checkStill } from "./still-check.ts";

// What the box's ffmpeg sends: `-vf scale=-2:480 -c:v mjpeg`, a 854×480 test pattern.
const real = new Uint8Array(
  readFileSync(`${import.meta.dirname}/../files/fixtures/still-480p.jpg`),
);

function resized(width: number, height: number) {
  const bytes = real.slice();
  const sof = bytes.findIndex((byte, i) => byte === 0xff && bytes[i + 1] === 0xc0);
  new DataView(bytes.buffer).setUint16(sof + 5, height);
  new DataView(bytes.buffer).setUint16(sof + 7, width);
  return bytes;
}

describe("the box's still", () => {
  test("a real JPEG from the box is a plausible still, with its frame size", () => {
    expect(checkStill(real)).toEqual({ ok: true, frame: { width: 854, height: 480 } });
  });

  test("bytes that only start like a JPEG are no still", () => {
    expect(checkStill(real.subarray(0, real.length - 2))).toEqual({ ok: false, code: "not_jpeg" });
  });

  test("frames outside 320×180 to 4096×4096 and tiny files are implausible", () => {
    expect(checkStill(resized(320, 180))).toEqual({ ok: true, frame: { width: 320, height: 180 } });
    expect(checkStill(resized(4096, 4096))).toEqual({
      ok: true,
      frame: { width: 4096, height: 4096 },
    });
    for (const [width, height] of [
      [319, 480],
      [854, 179],
      [4097, 480],
      [854, 4097],
      [0, 0],
    ] as const) {
      expect(checkStill(resized(width, height)), `${width}×${height}`).toEqual({
        ok: false,
        code: "implausible_still",
      });
    }
    const tiny = Uint8Array.of(
      ...[0xff, 0xd8],
      ...[0xff, 0xc0, 0x00, 0x0b, 8, 0x01, 0xe0, 0x03, 0x56, 1, 1, 0x11, 0],
      ...[0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0],
      ...[0x12, 0xff, 0x00, 0x34],
      ...[0xff, 0xd9],
    );
    expect(jpegFrame(tiny)).toEqual({ width: 854, height: 480 });
    expect(checkStill(tiny)).toEqual({ ok: false, code: "implausible_still" });
  });
});
