// Time-lapse frames: one ffmpeg per day with an fps filter, fed by the camera reader (ADR 021).
import { setTimeout as sleep } from "node:timers/promises";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader, Subscriber } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { ensureDir, framesDir } from "./day-store.ts";
import { hasRoom } from "./disk-budget.ts";
import { FULL_HD } from "./hls.ts";
import { log } from "./log.ts";

export const FRAME_INTERVAL_SECONDS = 6;
const TICK_MS = 1_000;
const DISK_CHECK_MS = 10_000;
/** ffmpeg reports every second: one silent this long is frozen (not merely slowed by load). */
const SILENT_MS = 10_000;
/** A frame is due every 6 s: an ffmpeg that reports but writes none this long is stuck. */
const NO_FRAME_MS = 20_000;
/** An ffmpeg that cannot write (a read-only card) would otherwise be started every second. */
const RESTART_DELAY_MS = 1_000;

/** Decoding keyframes only costs a third, and loses nothing when frames fall on them. */
export function captureArgs(dir: string, keyframeSeconds: number | null) {
  const onKeyframes = keyframeSeconds !== null && FRAME_INTERVAL_SECONDS % keyframeSeconds === 0;
  return {
    decode: onKeyframes ? ["-skip_frame", "nokey"] : [],
    output: [
      ...["-an", "-vf", `fps=1/${FRAME_INTERVAL_SECONDS},${FULL_HD}`, "-q:v", "4"],
      ...["-progress", "pipe:1", "-stats_period", "1"],
      ...["-f", "image2", "-strftime", "1", `${dir}/%H%M%S.jpg`],
    ],
  };
}

function watched(capture: Subscriber, onFrame: () => void) {
  let frames = 0;
  const seen = { reportAt: Date.now(), frameAt: Date.now() };
  capture.child.stdout?.on("data", (chunk: Buffer) => {
    seen.reportAt = Date.now();
    for (const match of chunk.toString().matchAll(/^frame=(\d+)$/gm)) {
      if (Number(match[1]) <= frames) continue;
      frames = Number(match[1]);
      seen.frameAt = Date.now();
      onFrame();
    }
  });
  const whyStuck = (now: number) => {
    if (now - seen.reportAt > SILENT_MS) return `silent for ${SILENT_MS / 1000} s`;
    if (now - seen.frameAt > NO_FRAME_MS) return `no frame for ${NO_FRAME_MS / 1000} s`;
    return null;
  };
  return { capture, whyStuck };
}

export async function captureFrames(
  config: BoxConfig,
  reader: CameraReader,
  status: BoxStatus,
  day: string,
  until: Date,
  signal: AbortSignal,
): Promise<void> {
  const dir = framesDir(config, day);
  await ensureDir(dir);
  let current: ReturnType<typeof watched> | null = null;
  let diskCheckedAt = 0;
  let restartAt = 0;
  let endedWhileAnswering = false;
  log(`capture: ${day} until ${until.toISOString()}, a frame every ${FRAME_INTERVAL_SECONDS} s`);
  try {
    while (!signal.aborted && Date.now() < until.getTime()) {
      status.captureLoopAt = Date.now();
      if (Date.now() - diskCheckedAt >= DISK_CHECK_MS) {
        diskCheckedAt = Date.now();
        const room = await hasRoom(config);
        if (room === status.capturePaused) {
          status.setCapturePaused(!room, config);
          if (!room) await current?.capture.stop();
        }
      }
      const capture = current?.capture;
      if (capture && capture.child.exitCode === null && capture.child.signalCode === null) {
        const stuck = reader.answering ? current?.whyStuck(Date.now()) : null;
        if (stuck) capture.kill(stuck);
      } else if (!status.capturePaused && reader.answering && Date.now() >= restartAt) {
        if (capture) {
          const why = await capture.exited;
          log(`capture: ${why}; starting ffmpeg again`);
          // Ended with the camera's connection, it is the camera's restart, counted there.
          if (endedWhileAnswering) status.restarted("capture", why);
        }
        const next = reader.subscribe("capture", captureArgs(dir, reader.keyframeSeconds), {
          stdout: "pipe",
          // `-strftime` names the frames by the lake's clock.
          env: { ...process.env, TZ: config.timeZone },
        });
        current = next && watched(next, () => (status.lastFrameAt = Date.now()));
        void next?.exited.then(() => {
          endedWhileAnswering = reader.answering;
          restartAt = Date.now() + RESTART_DELAY_MS;
        });
      }
      await sleep(TICK_MS, undefined, { signal }).catch(() => {});
    }
  } finally {
    await current?.capture.stop();
    log(`capture: ${day} stopped`);
  }
}
