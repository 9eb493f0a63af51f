// Time-lapse frames: one long-running ffmpeg per day with an fps filter, a client of the camera
// of its own. The live stream's ffmpeg comes and goes with visitors and never touches it.
import { type ChildProcess, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import type { BoxConfig } from "./config.ts";
import { ensureDir, framesDir } from "./day-store.ts";
import { hasRoom } from "./disk-budget.ts";
import { FULL_HD, inputArgs } from "./hls.ts";
import { log } from "./log.ts";

export const FRAME_INTERVAL_SECONDS = 6;
const CHECK_MS = 60_000;

/** Frames named by the wall clock of the TZ ffmpeg runs in (the lake's: see `captureFrames`). */
export function captureArgs(input: string, dir: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin"],
    // The test pattern needs no 25 fps to be sampled every 6 s.
    ...inputArgs(input, { live: true, testSize: "1920x1080", testRate: 1 }),
    ...["-an", "-vf", `fps=1/${FRAME_INTERVAL_SECONDS},${FULL_HD}`, "-q:v", "4"],
    ...["-f", "image2", "-strftime", "1", `${dir}/%H%M%S.jpg`],
  ];
}

function stop(ffmpeg: ChildProcess | null): Promise<void> {
  if (!ffmpeg || ffmpeg.exitCode !== null || ffmpeg.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    ffmpeg.once("exit", () => resolve());
    ffmpeg.kill("SIGTERM");
  });
}

/**
 * Captures `day`'s frames until `until` or `signal`, pausing whenever free space is below the
 * floor and restarting ffmpeg if the camera drops it.
 */
export async function captureFrames(
  config: BoxConfig,
  day: string,
  until: Date,
  signal: AbortSignal,
): Promise<void> {
  const dir = framesDir(config, day);
  await ensureDir(dir);
  let ffmpeg: ChildProcess | null = null;
  let paused = false;
  log(`capture: ${day} until ${until.toISOString()}, a frame every ${FRAME_INTERVAL_SECONDS} s`);
  try {
    while (!signal.aborted && Date.now() < until.getTime()) {
      const room = await hasRoom(config);
      if (!room && ffmpeg) {
        await stop(ffmpeg);
        ffmpeg = null;
      }
      if (room !== !paused) {
        paused = !room;
        log(
          paused
            ? `capture: paused, less than ${config.minFreeMiB} MiB free in ${config.dataDir}`
            : "capture: enough free space again, resuming",
        );
      }
      if (room && (!ffmpeg || ffmpeg.exitCode !== null || ffmpeg.signalCode !== null)) {
        if (ffmpeg)
          log(`capture: ffmpeg exited (${ffmpeg.signalCode ?? ffmpeg.exitCode}), restarting`);
        const child = spawn(config.ffmpegPath, captureArgs(config.input, dir), {
          stdio: ["ignore", "ignore", "pipe"],
          env: { ...process.env, TZ: config.timeZone },
        });
        child.stderr?.on("data", (chunk: Buffer) =>
          log(`capture ffmpeg: ${chunk.toString().trim()}`),
        );
        child.on("error", (error) => log(`capture: ffmpeg could not run: ${error.message}`));
        ffmpeg = child;
      }
      const wait = Math.max(0, Math.min(CHECK_MS, until.getTime() - Date.now()));
      await sleep(wait, undefined, { signal }).catch(() => {});
    }
  } finally {
    await stop(ffmpeg);
    log(`capture: ${day} stopped`);
  }
}
