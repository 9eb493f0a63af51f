import { describe, expect, test } from "vitest";
import { isMpegTs } from "./mpeg-ts";

function packets(count: number) {
  const bytes = new Uint8Array(188 * count);
  for (let i = 0; i < count; i++) bytes[i * 188] = 0x47;
  return bytes;
}

describe("segment content check", () => {
  test("MPEG-TS needs whole 188-byte packets that all start with 0x47", () => {
    expect(isMpegTs(packets(3))).toBe(true);
    expect(isMpegTs(new Uint8Array())).toBe(false);
    expect(isMpegTs(packets(3).subarray(0, 300))).toBe(false);
    const broken = packets(3);
    broken[376] = 0;
    expect(isMpegTs(broken)).toBe(false);
  });
});
