/// <reference types="node" />
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { patchedSlice, readMovie } from "#app/features/uploads/movie-boxes.ts";
import { box, concat, inMemory, keyedMeta, movie, xyz } from "#test/media-bytes.ts";
import { checkStoredMovie } from "./movie.ts";

// The Upload tab's fixtures: tiny ffmpeg clips with a location as phones write it.
const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, "../../features/uploads/fixtures", name)));
const located = ["location.mp4", "location-udta.mov", "location-keys.mov", "location-loci.mp4"];
const check = (bytes: Uint8Array<ArrayBuffer>) => checkStoredMovie(inMemory(bytes).file);

function ffmpeg(name: string, ...options: string[]) {
  const path = join(mkdtempSync(join(tmpdir(), "movie-")), name);
  const clip = ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-t", "1"];
  execFileSync("ffmpeg", [...clip, ...options, path]);
  return new Uint8Array(readFileSync(path));
}

describe("a stored video read by range", () => {
  test.each(located)(
    "%s carries its location, and not once the Upload tab took it out",
    async (name) => {
      const bytes = fixture(name);
      expect(await check(bytes)).toBe("location_data");
      const file = new Blob([bytes]);
      const { patches } = await readMovie(file);
      const stripped = new Uint8Array(
        await patchedSlice(file, 0, file.size, patches).arrayBuffer(),
      );
      expect(await check(stripped)).toBeNull();
    },
  );

  test("ffmpeg's MP4 with its moov first and a ProRes MOV are films", async () => {
    expect(
      await check(ffmpeg("start.mp4", "-c:v", "libx264", "-movflags", "+faststart")),
    ).toBeNull();
    expect(await check(ffmpeg("prores.mov", "-c:v", "prores"))).toBeNull();
  });

  test("its moov at the end is found in three reads, whatever the size of its media", async () => {
    const { file, reads } = inMemory(movie({ size: 30 * 1024 * 1024, moovAt: "end" }));
    expect(await checkStoredMovie(file)).toBeNull();
    expect(reads.length).toBeLessThanOrEqual(5);
    expect(reads.reduce((sum, [, length]) => sum + length, 0)).toBeLessThan(1024);
  });

  test("a cut file, or one with more after its last box, is not whole", async () => {
    const real = fixture("location-udta.mov");
    expect(await check(real.slice(0, real.length - 100))).toBe("not_whole");
    expect(await check(real.slice(0, 1000))).toBe("not_whole"); // inside mdat, before moov
    const html = new TextEncoder().encode("<html>");
    expect(await check(concat(movie(), html))).toBe("not_whole");
    expect(await check(movie().slice(0, 24))).toBe("not_whole"); // ftyp alone
  });

  test("what is no film is unsupported", async () => {
    expect(await check(movie({ brand: "heic" }))).toBe("unsupported_content");
    expect(await check(movie({ handler: "soun" }))).toBe("unsupported_content");
    expect(await check(new TextEncoder().encode("<!doctype html><p>no film</p>"))).toBe(
      "unsupported_content",
    );
    const tiny = movie();
    new DataView(tiny.buffer).setUint32(24, 4); // the box after ftyp claims 4 bytes
    expect(await check(tiny)).toBe("unsupported_content");
    expect(await check(concat(movie(), box("moov")))).toBe("unsupported_content");
  });

  test("a location in a track's udta or under Apple's key, moov first or last", async () => {
    expect(await check(movie({ track: [box("udta", xyz())] }))).toBe("location_data");
    const key = keyedMeta("com.apple.quicktime.location.ISO6709", "+45.6167+010.6833+067.000/");
    expect(await check(movie({ moovAt: "end", moov: [key] }))).toBe("location_data");
  });
});
