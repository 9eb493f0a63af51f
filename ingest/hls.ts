import { SHARE_CARD } from "#protocol/share-card.ts";
import { MAX_TILED_WIDTH } from "#protocol/tile-sheet.ts";

export type LocalSegment = { seq: number; file: string; duration: number };

/** With `temp_file`, ffmpeg lists a segment only once it is complete. */
export function parseLocalPlaylist(text: string): LocalSegment[] {
  const segments: LocalSegment[] = [];
  let duration: number | null = null;
  for (const line of text.split("\n").map((l) => l.trim())) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (duration !== null && /^\d+\.ts$/.test(line)) {
      segments.push({ seq: Number.parseInt(line, 10), file: line, duration });
      duration = null;
    }
  }
  return segments;
}

const ENCODE = [
  ["-an", "-vf", "scale=-2:480", "-r", "25"],
  ["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"],
  ["-profile:v", "main", "-b:v", "900k", "-maxrate", "1100k", "-bufsize", "1800k"],
  // Each 2 s segment starts on a keyframe; half-second ones at first show video 1.5 s sooner.
  ["-g", "50", "-keyint_min", "50", "-sc_threshold", "0"],
  ["-force_key_frames", "expr:if(lt(t,2),gte(t,n_forced*0.5),gte(t,2+(n_forced-4)*2))"],
].flat();

export const QUIET = ["-hide_banner", "-loglevel", "error", "-nostdin"];

type InputOptions = {
  live: boolean;
  testSize?: string;
  testRate?: number;
};

export function inputArgs(
  input: string,
  { live, testSize = "854x480", testRate = 25 }: InputOptions,
): string[] {
  if (input === "testsrc") {
    const source = `testsrc2=size=${testSize}:rate=${testRate}`;
    return [...(live ? ["-re"] : []), "-f", "lavfi", "-i", source];
  }
  if (/^rtsps?:\/\//.test(input))
    return ["-rtsp_transport", "tcp", "-timeout", "5000000", "-i", input];
  // A file plays in a loop at its own speed, like a camera would.
  return [...(live ? ["-re", "-stream_loop", "-1"] : []), "-i", input];
}

export function streamArgs(dir: string): string[] {
  return [
    ...ENCODE,
    ...["-f", "hls", "-hls_init_time", "0.5", "-hls_time", "2", "-hls_list_size", "6"],
    ...["-hls_flags", "delete_segments+temp_file+independent_segments"],
    ...["-hls_segment_filename", `${dir}/%d.ts`, `${dir}/live.m3u8`],
  ];
}

export const FULL_HD_WIDTH = 1920;
export const FULL_HD = `scale=${FULL_HD_WIDTH}:1080:force_original_aspect_ratio=decrease`;

/** Tried until a still fits: 5 keeps a busy 1080p scene under 1 MiB; a dark rainy night needs 8. */
export const STILL_QUALITIES = [5, 8, 12, 18, 31] as const;

/** The camera's own frame up to 4K: the day's picks keep it for zoom; the still is cut to 1920. */
export function stillArgs(): string[] {
  return [
    ...["-frames:v", "1", "-vf", `scale='min(${MAX_TILED_WIDTH},iw)':-2`],
    ...["-q:v", String(STILL_QUALITIES[0])],
    ...["-f", "image2", "-c:v", "mjpeg", "pipe:1"],
  ];
}

const reencodeArgs = (filter: string, quality: number) => [
  ...["-hide_banner", "-loglevel", "error", "-f", "jpeg_pipe", "-i", "pipe:0"],
  ...["-vf", filter, "-q:v", String(quality)],
  ...["-frames:v", "1", "-f", "image2", "-c:v", "mjpeg", "pipe:1"],
];

export const smallerStillArgs = (width: number, quality: number = STILL_QUALITIES[0]) =>
  reencodeArgs(`scale='min(${width},iw)':-2`, quality);

// The centre: a 16:9 frame loses 3 % at the top and at the bottom (sky, foreground), never the lake.
export function cardArgs(quality: number): string[] {
  const { width, height } = SHARE_CARD;
  const cover = `scale=${width}:${height}:force_original_aspect_ratio=increase`;
  return reencodeArgs(`${cover},crop=${width}:${height}`, quality);
}
