import { spawn } from "node:child_process";
import { mkdir, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { join } from "node:path";
import { MAX_POSTER_BYTES, type TimelapseFacts } from "#protocol/timelapse-upload.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { type CaptureWindow, captureWindow } from "./capture-window.ts";
import type { BoxConfig } from "./config.ts";
import { type Frame, listFrames, timelapseDir, timelapseFiles } from "./day-store.ts";
import { FRAME_INTERVAL_SECONDS } from "./frame-capture.ts";
import { FULL_HD } from "./hls.ts";
import { log } from "./log.ts";

export const TIMELAPSE_FPS = 25;
/** Seconds of reality per second of film: 150, the spec's "about 2.5 minutes". */
export const SPEED = FRAME_INTERVAL_SECONDS * TIMELAPSE_FPS;
const POSTER_MINUTES_AROUND_NOON = 30;
const POSTER_SAMPLES = 120;

export function timelapseFrames(
  frames: Frame[],
  window: CaptureWindow,
  filmSeconds: number,
): Frame[] {
  const start = window.dusk.getTime() - filmSeconds * SPEED * 1000;
  return frames
    .filter((f) => f.at.getTime() >= start && f.at <= window.dusk && f.at >= window.dawn)
    .slice(-filmSeconds * TIMELAPSE_FPS);
}

export function posterCandidates(frames: Frame[], solarNoon: Date): Frame[] {
  const near = frames.filter(
    (f) => Math.abs(f.at.getTime() - solarNoon.getTime()) <= POSTER_MINUTES_AROUND_NOON * MINUTE_MS,
  );
  const pool = near.length > 0 ? near : frames;
  const step = Math.max(1, Math.ceil(pool.length / POSTER_SAMPLES));
  return pool.filter((_, i) => i % step === 0);
}

const QUIET = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"];

/** 1080p H.264 High for the web: CRF 23 capped at 8 Mbit/s (3 minutes ≤ 180 MB), faststart. */
export function renderArgs(sequence: string, out: string): string[] {
  return [
    ...QUIET,
    ...["-framerate", String(TIMELAPSE_FPS), "-i", sequence],
    "-vf",
    [
      // Auto-exposure steps between frames flicker at 150×; averaging over 10 frames evens them.
      "deflicker=mode=pm:size=10",
      FULL_HD,
      "pad=1920:1080:(ow-iw)/2:(oh-ih)/2",
      "format=yuv420p",
    ].join(","),
    ...["-c:v", "libx264", "-profile:v", "high", "-preset", "medium", "-crf", "23"],
    ...["-maxrate", "8M", "-bufsize", "16M"],
    // A keyframe every 2 s, so scrubbing in the player lands quickly.
    ...["-g", String(2 * TIMELAPSE_FPS), "-r", String(TIMELAPSE_FPS), "-an"],
    ...["-movflags", "+faststart", out],
  ];
}

function brightnessArgs(sequence: string, report: string): string[] {
  return [
    ...QUIET,
    ...["-framerate", "1", "-i", sequence],
    ...["-vf", `signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG:file=${report}`],
    ...["-f", "null", "-"],
  ];
}

export function parseBrightness(report: string): { frame: number; yavg: number }[] {
  const values: { frame: number; yavg: number }[] = [];
  let frame: number | null = null;
  for (const line of report.split("\n")) {
    const header = /^frame:(\d+)/.exec(line);
    const yavg = /^lavfi\.signalstats\.YAVG=([\d.]+)/.exec(line);
    if (header) frame = Number(header[1]);
    else if (yavg && frame !== null) values.push({ frame, yavg: Number(yavg[1]) });
  }
  return values;
}

function posterArgs(frame: string, out: string, quality: number): string[] {
  return [...QUIET, "-i", frame, "-vf", FULL_HD, "-frames:v", "1", "-q:v", String(quality), out];
}

/** ffmpeg at a lower priority than the live stream's, which must never stutter for a render. */
function ffmpeg(config: BoxConfig, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(config.ffmpegPath, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // It already exited: its exit code tells the rest.
    }
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${errors.trim()}`)),
    );
  });
}

async function stage(frames: Frame[], dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await Promise.all(
    frames.map((f, i) => symlink(f.path, join(dir, `${String(i + 1).padStart(6, "0")}.jpg`))),
  );
  return join(dir, "%06d.jpg");
}

async function renderPoster(config: BoxConfig, candidates: Frame[], work: string, out: string) {
  const sequence = await stage(candidates, join(work, "noon"));
  await ffmpeg(config, brightnessArgs(sequence, "yavg.txt"), work);
  const measured = parseBrightness(await readFile(join(work, "yavg.txt"), "utf8"));
  const best = measured.reduce((a, b) => (b.yavg > a.yavg ? b : a));
  const frame = candidates[best.frame];
  if (!frame) throw new Error("signalstats reported a frame that was not given");
  for (const quality of [2, 4, 7, 12]) {
    await ffmpeg(config, posterArgs(frame.path, out, quality));
    if ((await stat(out)).size <= MAX_POSTER_BYTES) return frame;
  }
  throw new Error("the poster stays above 2 MiB even at low quality");
}

/** Built in a scratch directory and moved in place, so a crash never leaves half a film. */
export async function renderTimelapse(config: BoxConfig, day: string): Promise<TimelapseFacts> {
  const window = captureWindow(day, config);
  const all = await listFrames(config, day);
  const frames = timelapseFrames(all, window, config.filmSeconds);
  const first = frames[0];
  const last = frames.at(-1);
  if (!first || !last || frames.length < TIMELAPSE_FPS) {
    throw new Error(
      `${day}: ${frames.length} frames before dusk, fewer than one second of film; nothing to render`,
    );
  }
  const target = timelapseDir(config, day);
  const work = `${target}.partial`;
  await rm(work, { recursive: true, force: true });
  const started = Date.now();
  try {
    await ffmpeg(
      config,
      renderArgs(await stage(frames, join(work, "film")), join(work, "film.mp4")),
    );
    const posterFrame = await renderPoster(
      config,
      posterCandidates(all, window.solarNoon),
      work,
      join(work, "poster.jpg"),
    );
    const facts: TimelapseFacts = {
      width: 1920,
      height: 1080,
      durationSeconds: frames.length / TIMELAPSE_FPS,
      speed: SPEED,
      from: first.at.toISOString(),
      to: last.at.toISOString(),
    };
    await writeFile(join(work, "facts.json"), JSON.stringify(facts));
    await rm(join(work, "film"), { recursive: true });
    await rm(join(work, "noon"), { recursive: true });
    await rm(join(work, "yavg.txt"));
    await rm(target, { recursive: true, force: true });
    await rename(work, target);
    const size = (await stat(timelapseFiles(config, day).film)).size;
    log(
      `render: ${day}: ${facts.durationSeconds} s of film (${frames.length} frames, ${facts.from} to ${facts.to}), ${(size / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(0)} s; poster from ${posterFrame.at.toISOString()}`,
    );
    return facts;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
