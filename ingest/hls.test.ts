import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { inputArgs, parseLocalPlaylist, QUIET, streamArgs } from "./hls.ts";

describe("ffmpeg's local playlist", () => {
  test("yields each finished segment with its sequence number and duration", () => {
    const text = [
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-TARGETDURATION:2",
      "#EXT-X-MEDIA-SEQUENCE:3",
      "#EXTINF:2.000000,",
      "3.ts",
      "#EXTINF:1.960000,",
      "4.ts",
      "",
    ].join("\n");
    expect(parseLocalPlaylist(text)).toEqual([
      { seq: 3, file: "3.ts", duration: 2 },
      { seq: 4, file: "4.ts", duration: 1.96 },
    ]);
    expect(parseLocalPlaylist("")).toEqual([]);
  });
});

describe("ffmpeg arguments", () => {
  test("stream 480p H.264 in 2 s segments after short first ones, a keyframe at each segment start", () => {
    const args = streamArgs("/tmp/x").join(" ");
    expect(args).toContain("-vf scale=-2:480");
    expect(args).toContain("-c:v libx264");
    expect(args).toContain("-g 50 -keyint_min 50 -sc_threshold 0");
    expect(args).toContain("-hls_init_time 0.5 -hls_time 2");
    expect(args).toContain("-force_key_frames expr:if(lt(t,2),gte(t,n_forced*0.5),");
    expect(args).toContain("-hls_segment_filename /tmp/x/%d.ts /tmp/x/live.m3u8");
  });

  test("ffmpeg cuts four half-second segments, then 2 s ones, each starting on a keyframe", async () => {
    const dir = await mkdtemp(join(tmpdir(), "hls-"));
    try {
      // 6 s of the test pattern (the six segments the playlist keeps), as fast as ffmpeg can.
      const input = ["-f", "lavfi", "-i", "testsrc2=size=854x480:rate=25", "-t", "6"];
      await promisify(execFile)("ffmpeg", [...QUIET, ...input, ...streamArgs(dir)]);
      const segments = parseLocalPlaylist(await readFile(join(dir, "live.m3u8"), "utf8"));
      // To the frame (25 fps): a half second is 12 or 13 frames.
      const halfSeconds = segments.map((s) => Math.round(s.duration * 2) / 2);
      expect(halfSeconds).toEqual([0.5, 0.5, 0.5, 0.5, 2, 2]);
      const keyframeAtStart = await Promise.all(
        segments.map(async ({ file }) => {
          const { stdout } = await promisify(execFile)("ffprobe", [
            ...["-v", "error", "-select_streams", "v", "-read_intervals", "%+#1"],
            ...["-show_entries", "frame=key_frame", "-of", "csv=p=0", join(dir, file)],
          ]);
          return stdout.split(/[,\n]/)[0]; // the first frame's flag, before any side data
        }),
      );
      expect(keyframeAtStart).toEqual(segments.map(() => "1"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000); // 1 s of encoding alone; several times that beside the other ffmpeg tests

  test("read a camera over TCP, giving up on a silent one after 5 s", () => {
    expect(inputArgs("rtsp://cam/stream", { live: true }).join(" ")).toBe(
      "-rtsp_transport tcp -timeout 5000000 -i rtsp://cam/stream",
    );
  });

  test("read the test pattern and files in real time only when streaming", () => {
    expect(inputArgs("testsrc", { live: true })[0]).toBe("-re");
    expect(inputArgs("testsrc", { live: false })).not.toContain("-re");
    expect(inputArgs("/videos/harbour.mp4", { live: true })).toEqual([
      "-re",
      "-stream_loop",
      "-1",
      "-i",
      "/videos/harbour.mp4",
    ]);
  });
});
