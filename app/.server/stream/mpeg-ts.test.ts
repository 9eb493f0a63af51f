import { describe, expect, test } from "vitest";
import { isJpeg, isMpegTs } from "./mpeg-ts";

function packets(count: number) {
  const bytes = new Uint8Array(188 * count);
  for (let i = 0; i < count; i++) bytes[i * 188] = 0x47;
  return bytes;
}

describe("upload content checks", () => {
  test("MPEG-TS needs whole 188-byte packets that all start with 0x47", () => {
    expect(isMpegTs(packets(3))).toBe(true);
    expect(isMpegTs(new Uint8Array())).toBe(false);
    expect(isMpegTs(packets(3).subarray(0, 300))).toBe(false);
    const broken = packets(3);
    broken[376] = 0;
    expect(isMpegTs(broken)).toBe(false);
  });

  test("a JPEG starts with FF D8 FF", () => {
    expect(isJpeg(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(isJpeg(new TextEncoder().encode("<svg>"))).toBe(false);
  });
});
