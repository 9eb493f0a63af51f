/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  concat,
  exifWithGps,
  exifWithoutGps,
  inMemory,
  jpeg,
  segment,
  xmp,
} from "#test/media-bytes.ts";
import { checkStoredJpeg, jpegFrame, startsAsJpeg } from "./jpeg.ts";

// What the box's ffmpeg sends: `-vf scale=-2:480 -c:v mjpeg`, a 854×480 test pattern.
const real = new Uint8Array(readFileSync(`${import.meta.dirname}/fixtures/still-480p.jpg`));
const MiB = 1024 * 1024;

const published = (bytes: Uint8Array<ArrayBuffer>) =>
  checkStoredJpeg(inMemory(bytes).file, { published: true });
const original = (bytes: Uint8Array<ArrayBuffer>) =>
  checkStoredJpeg(inMemory(bytes).file, { published: false });

describe("a JPEG read whole", () => {
  test("a real JPEG from the box is whole, with its frame size", () => {
    expect(jpegFrame(real)).toEqual({ width: 854, height: 480 });
    expect(startsAsJpeg(real)).toBe(true);
  });

  test("bytes that only start like a JPEG are refused", () => {
    // The signed 204-byte non-image that once became the public still.
    const header = new Uint8Array(204);
    header.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new TextEncoder().encode("JFIF")]);
    const withoutEnd = real.subarray(0, real.length - 2);
    const trailing = Uint8Array.of(...real, 0x3c, 0x68, 0x74, 0x6d, 0x6c, 0x3e);
    const cut = real.subarray(0, 4000);
    const noFrameHeader = Uint8Array.of(0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 1, 2, 3, 0xff, 0xd9);
    for (const bytes of [header, withoutEnd, trailing, cut, noFrameHeader, new Uint8Array()]) {
      expect(jpegFrame(bytes)).toBeNull();
    }
    expect(startsAsJpeg(header)).toBe(false);
    expect(startsAsJpeg(noFrameHeader)).toBe(false);
    expect(startsAsJpeg(new TextEncoder().encode("<!doctype html>"))).toBe(false);
  });

  test("a segment length that runs past the end is refused", () => {
    const broken = real.slice();
    const app0 = 4; // FF D8 FF E0 <length>
    new DataView(broken.buffer).setUint16(app0, 0xfff0);
    expect(jpegFrame(broken)).toBeNull();
  });
});

describe("a stored JPEG read by range", () => {
  test("a whole 12 MiB version takes two small reads: the head and the last two bytes", async () => {
    const { file, reads } = inMemory(jpeg({ bytes: 12 * MiB }));
    expect(await checkStoredJpeg(file, { published: true })).toBeNull();
    expect(reads).toEqual([
      [0, 64 * 1024],
      [12 * MiB - 2, 2],
    ]);
  });

  test("headers longer than the first read (a camera's EXIF and preview) are read further", async () => {
    const preview = segment(0xe2, new Uint8Array(60_000));
    const { file, reads } = inMemory(jpeg({ bytes: 200_000, segments: [preview, preview] }));
    expect(await checkStoredJpeg(file, { published: true })).toBeNull();
    expect(reads.map(([, length]) => length)).toEqual([64 * 1024, MiB, 2]);
  });

  test("a cut or trailing file is not whole; bytes that are no JPEG are unsupported", async () => {
    expect(await published(real)).toBeNull();
    expect(await published(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe("not_whole");
    expect(await published(real.slice(0, real.length / 2))).toBe("not_whole");
    expect(await published(concat(real, new TextEncoder().encode("<html>")))).toBe("not_whole");
    // SOI, a frame header, a scan's header and EOI: no picture data.
    expect(await published(jpeg({ bytes: 37 }))).toBe("not_whole");
    const html = new TextEncoder().encode("<!doctype html><p>no photo</p>");
    expect(await published(concat(real.slice(0, 20), html))).toBe("unsupported_content");
    expect(await published(html)).toBe("unsupported_content");
  });

  test("the private original need not end with EOI: a phone's motion photo goes on after it", async () => {
    const motionPhoto = concat(real, new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70]));
    expect(await original(motionPhoto)).toBeNull();
    expect(await original(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe("not_whole");
    expect(await original(new TextEncoder().encode("<html>"))).toBe("unsupported_content");
  });

  test("EXIF with a GPS IFD, in either byte order, is location data; EXIF without one is not", async () => {
    const gps = exifWithGps();
    expect(await published(jpeg({ segments: [gps] }))).toBe("location_data");
    // The same TIFF little-endian ("II"): every 16- and 32-bit number byte-swapped.
    const little = gps.slice();
    const view = new DataView(little.buffer);
    const tiff = 4 + 6;
    view.setUint16(tiff, 0x4949);
    view.setUint16(tiff + 2, 42, true);
    view.setUint32(tiff + 4, 8, true);
    view.setUint16(tiff + 8, 1, true);
    view.setUint16(tiff + 10, 0x8825, true);
    expect(await published(jpeg({ segments: [little] }))).toBe("location_data");
    expect(await published(jpeg({ segments: [exifWithoutGps()] }))).toBeNull();
    // The owner's private original keeps its EXIF.
    expect(await original(jpeg({ segments: [gps] }))).toBeNull();
  });

  test("XMP with coordinates or a place is location data, in an extended packet too", async () => {
    const located = [
      'exif:GPSLatitude="45,36.6N"',
      'drone-dji:GpsLongitude="10.68"',
      'Iptc4xmpExt:LocationCreated="Malcesine"',
    ];
    for (const properties of located) {
      expect(await published(jpeg({ segments: [xmp(properties)] })), properties).toBe(
        "location_data",
      );
    }
    const extended = segment(
      0xe1,
      new TextEncoder().encode("http://ns.adobe.com/xmp/extension/\0"),
      new Uint8Array(40),
      new TextEncoder().encode('<rdf:Description exif:GPSLongitude="10,41.0E"/>'),
    );
    expect(await published(jpeg({ segments: [xmp('tiff:Make="Lux"'), extended] }))).toBe(
      "location_data",
    );
    expect(
      await published(jpeg({ segments: [xmp('tiff:Make="Lux" exif:GPSVersionID="2.3"')] })),
    ).toBeNull();
  });
});
