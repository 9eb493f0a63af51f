import { execFile } from "node:child_process";
import type { BoxConfig } from "./config.ts";

const MEASURES = ["YAVG", "YLOW", "YHIGH", "UAVG", "VAVG", "SATAVG", "HUEMED"] as const;
/** signalstats' measures (8-bit levels; HUEMED in degrees) and blurdetect's edge width in pixels. */
export type FrameStats = Record<(typeof MEASURES)[number], number> & { blur: number };

// One pass on a 960 px copy, so the camera's resolution and noise do not skew the scores (ADR 026).
const frameStatsArgs = (): string[] => [
  ...["-hide_banner", "-loglevel", "error", "-f", "jpeg_pipe", "-i", "pipe:0"],
  ...["-vf", "scale=960:-2:flags=area,signalstats,format=gray,blurdetect,metadata=print:file=-"],
  ...["-f", "null", "-"],
];

function parseFrameStats(printed: string): FrameStats | null {
  const value = (key: string) =>
    Number(new RegExp(`lavfi\\.${key}=([\\d.]+)`).exec(printed)?.[1] ?? Number.NaN);
  const signal = MEASURES.map((name) => [name, value(`signalstats\\.${name}`)] as const);
  if (!signal.every(([, level]) => Number.isFinite(level))) return null;
  const blur = value("blur");
  // A frame without edges (one flat colour) has no width to measure: nothing in it is sharp.
  return {
    ...Object.fromEntries(signal),
    blur: Number.isFinite(blur) ? blur : Number.POSITIVE_INFINITY,
  } as FrameStats;
}

const hex = (level: number) =>
  Math.round(Math.min(255, Math.max(0, level)))
    .toString(16)
    .padStart(2, "0");

// Full-range BT.601 (JPEG's), linear: the colour of the mean is the mean colour (ADR 017).
export function meanColour({ YAVG: y, UAVG: u, VAVG: v }: FrameStats): string {
  const [cb, cr] = [u - 128, v - 128];
  return `#${hex(y + 1.402 * cr)}${hex(y - 0.344136 * cb - 0.714136 * cr)}${hex(y + 1.772 * cb)}`;
}

export function measureFrame(config: BoxConfig, jpeg: Uint8Array): Promise<FrameStats | null> {
  return new Promise((resolve) => {
    const child = execFile(
      config.ffmpegPath,
      frameStatsArgs(),
      { timeout: 20_000 },
      (error, stdout) => resolve(error ? null : parseFrameStats(stdout)),
    );
    child.stdin?.end(jpeg);
  });
}
