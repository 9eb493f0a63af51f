import { describe, expect, test } from "vitest";
import { buildPlaylist } from "./playlist.ts";

describe("live playlist", () => {
  test("lists the last four segments with their sequence, the same for every viewer", () => {
    const segments = [0, 1, 2, 3, 4, 5].map((seq) => ({ seq, duration: 2 }));
    segments[5] = { seq: 5, duration: 2.04 };
    expect(buildPlaylist(7, segments)).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        "#EXT-X-TARGETDURATION:3",
        "#EXT-X-MEDIA-SEQUENCE:2",
        "#EXTINF:2.000,",
        "segments/7/2.ts",
        "#EXTINF:2.000,",
        "segments/7/3.ts",
        "#EXTINF:2.000,",
        "segments/7/4.ts",
        "#EXTINF:2.040,",
        "segments/7/5.ts",
        "",
      ].join("\n"),
    );
  });

  test("keeps the 2 s target while the first segments are shorter", () => {
    expect(buildPlaylist(1, [{ seq: 0, duration: 0.48 }])).toContain("#EXT-X-TARGETDURATION:2\n");
  });

  test("is valid but empty (no ENDLIST) before the first segment", () => {
    expect(buildPlaylist(1, [])).toBe(
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n",
    );
  });
});
