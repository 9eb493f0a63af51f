import { describe, expect, test } from "vitest";
import { buildPlaylist, epochPrefix, segmentKey } from "./playlist.ts";

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

  test("names each segment by 128 bits of HMAC of its epoch, salt and number, the same wherever asked", async () => {
    const epoch = { epoch: 3, salt: "a1" };
    const first = await segmentKey("secret-a", epoch, 12);
    expect(first).toMatch(/^live\/3\/12-[0-9a-f]{32}\.ts$/);
    expect(first.startsWith(epochPrefix(3))).toBe(true);
    expect(await segmentKey("secret-a", epoch, 12)).toBe(first);
    const others = await Promise.all([
      segmentKey("secret-a", epoch, 13),
      segmentKey("secret-a", { ...epoch, epoch: 4 }, 12),
      segmentKey("secret-a", { ...epoch, salt: "b2" }, 12),
      segmentKey("secret-b", epoch, 12),
    ]);
    const names = new Set([first, ...others].map((key) => key.split("-")[1]));
    expect(names.size).toBe(5);
  });
});
