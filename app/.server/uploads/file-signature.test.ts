import { describe, expect, test } from "vitest";
import { isIsoVideo, isJpeg } from "./file-signature";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

describe("file signatures", () => {
  test("a JPEG is recognised by its start-of-image marker", () => {
    expect(isJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0]))).toBe(true);
    expect(isJpeg(new Uint8Array(ascii("<html>")))).toBe(false);
    expect(isJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });

  test("MP4 and MOV are recognised by their ftyp box", () => {
    expect(isIsoVideo(new Uint8Array([0, 0, 0, 32, ...ascii("ftypisom")]))).toBe(true);
    expect(isIsoVideo(new Uint8Array([0, 0, 0, 20, ...ascii("ftypqt  ")]))).toBe(true);
    expect(isIsoVideo(new Uint8Array([0, 0, 0, 28, ...ascii("ftypmp42")]))).toBe(true);
    expect(isIsoVideo(new Uint8Array([0, 0, 0, 32, ...ascii("moovisom")]))).toBe(false);
    expect(isIsoVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
  });

  test("pictures and sound in MP4's container are no video", () => {
    for (const brand of ["heic", "mif1", "avif", "M4A "]) {
      expect(isIsoVideo(new Uint8Array([0, 0, 0, 24, ...ascii(`ftyp${brand}`)])), brand).toBe(
        false,
      );
    }
  });
});
