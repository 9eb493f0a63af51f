import { execFile } from "node:child_process";
import type { BoxConfig } from "./config.ts";

export type FrameStats = { YAVG: number; UAVG: number; VAVG: number };

const frameStatsArgs = (): string[] => [
  ...["-hide_banner", "-loglevel", "error", "-f", "jpeg_pipe", "-i", "pipe:0"],
  ...["-vf", "signalstats,metadata=print:file=-", "-f", "null", "-"],
];

function parseFrameStats(printed: string): FrameStats | null {
  const value = (name: keyof FrameStats) =>
    Number(new RegExp(`lavfi\\.signalstats\\.${name}=([\\d.]+)`).exec(printed)?.[1] ?? Number.NaN);
  const stats = { YAVG: value("YAVG"), UAVG: value("UAVG"), VAVG: value("VAVG") };
  return Object.values(stats).every(Number.isFinite) ? stats : null;
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
