import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { patchedSlice, readMovie } from "./movie-boxes.ts";

const fixture = (name: string) => join(import.meta.dirname, "fixtures", name);

function probeTags(path: string): string {
  return execFileSync(
    "ffprobe",
    ["-v", "error", "-show_entries", "format_tags", "-of", "json", path],
    {
      encoding: "utf8",
    },
  );
}

async function stripped(name: string) {
  const bytes = readFileSync(fixture(name));
  const file = new Blob([bytes]);
  const info = await readMovie(file);
  const out = new Uint8Array(await patchedSlice(file, 0, file.size, info.patches).arrayBuffer());
  const path = join(tmpdir(), `stripped-${name}`);
  writeFileSync(path, out);
  return { info, bytes, out, path };
}

describe("removing the location from a video", () => {
  test.each(["location.mp4", "location-udta.mov", "location-keys.mov", "location-loci.mp4"])(
    "%s arrives without its coordinates, same size, still playable",
    async (name) => {
      expect(probeTags(fixture(name))).toContain("+45.6167+010.6833");
      const { info, bytes, out, path } = await stripped(name);
      expect(info.patches.length).toBeGreaterThan(0);
      expect(out.length).toBe(bytes.length);
      expect(Buffer.from(out).includes("45.6167")).toBe(false);
      expect(probeTags(path)).not.toContain("45.6167");
      // ffmpeg still decodes every frame of the patched file.
      execFileSync("ffmpeg", ["-v", "error", "-xerror", "-i", path, "-f", "null", "-"]);
      expect(probeTags(path)).toContain("2026-07-01T19:00:00");
    },
  );

  test("reads the size, duration and recording time the camera wrote", async () => {
    const { info } = await stripped("location.mp4");
    expect(info).toMatchObject({ width: 64, height: 48, createdAt: Date.UTC(2026, 6, 1, 19) });
    expect(info.durationSeconds).toBeCloseTo(1, 1);
  });

  test("a part cut across a patch gets exactly the patched bytes", async () => {
    const file = new Blob([new Uint8Array(100).fill(7)]);
    const patches = [{ offset: 45, bytes: new Uint8Array(10) }];
    const first = new Uint8Array(await patchedSlice(file, 0, 50, patches).arrayBuffer());
    const second = new Uint8Array(await patchedSlice(file, 50, 100, patches).arrayBuffer());
    const joined = [...first, ...second];
    expect(joined).toHaveLength(100);
    expect(joined.slice(44, 56)).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
  });

  test("a file without a moov box is left as it is", async () => {
    const info = await readMovie(new Blob([new Uint8Array([0, 0, 0, 8, 102, 114, 101, 101])]));
    expect(info.patches).toEqual([]);
  });
});
