import { describe, expect, test } from "vitest";
import { buildPlaylist, epochPrefix, newSegmentKey } from "./playlist.ts";

const segment = (seq: number, duration = 2) => ({ seq, duration, key: `live/7/${seq}-k.ts` });

describe("live playlist", () => {
  test("lists the last four segments at their public addresses, the same for every viewer", () => {
    const segments = [0, 1, 2, 3, 4, 5].map((seq) => segment(seq));
    segments[5] = segment(5, 2.04);
    expect(buildPlaylist(segments, "https://media.example")).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        "#EXT-X-TARGETDURATION:3",
        "#EXT-X-MEDIA-SEQUENCE:2",
        "#EXTINF:2.000,",
        "https://media.example/live/7/2-k.ts",
        "#EXTINF:2.000,",
        "https://media.example/live/7/3-k.ts",
        "#EXTINF:2.000,",
        "https://media.example/live/7/4-k.ts",
        "#EXTINF:2.040,",
        "https://media.example/live/7/5-k.ts",
        "",
      ].join("\n"),
    );
  });

  test("keeps the 2 s target while the first segments are shorter", () => {
    expect(buildPlaylist([segment(0, 0.48)], "/media")).toContain("#EXT-X-TARGETDURATION:2\n");
  });

  test("is valid but empty (no ENDLIST) before the first segment", () => {
    expect(buildPlaylist([], "/media")).toBe(
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n",
    );
  });

  test("names each segment with 128 random bits under its epoch", () => {
    const first = newSegmentKey(3, 12);
    expect(first).toMatch(/^live\/3\/12-[0-9a-f]{32}\.ts$/);
    expect(first.startsWith(epochPrefix(3))).toBe(true);
    expect(newSegmentKey(3, 12)).not.toBe(first);
  });
});
