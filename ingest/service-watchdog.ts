// systemd's watchdog (camera-box.service) restarts a frozen Node or a stuck capture (ADR 021).
import { execFile } from "node:child_process";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader } from "./camera-reader.ts";
import { log } from "./log.ts";

/** Longer than the capture's own repair (ffmpeg killed after 20 s of silence and restarted). */
export const CAPTURE_STALLED_MS = 30_000;
/** The camera reader's watch runs every second: ten missed runs mean its loop has stopped. */
const READER_STALLED_MS = 10_000;

function whyUnwell(status: BoxStatus, reader: CameraReader, now = Date.now()): string | null {
  if (reader.watchedAt > 0 && now - reader.watchedAt > READER_STALLED_MS) {
    return "the camera reader's loop has stopped";
  }
  if (status.capturingSince === null || status.capturePaused || !reader.answering) return null;
  const since = Math.max(status.lastFrameAt ?? 0, status.capturingSince, reader.answeringSince);
  const loopAt = Math.max(status.captureLoopAt, status.capturingSince);
  if (now - since > CAPTURE_STALLED_MS) {
    return `no time-lapse frame for ${Math.round((now - since) / 1000)} s while the camera answers`;
  }
  if (now - loopAt > CAPTURE_STALLED_MS) return "the capture's loop has stopped";
  return null;
}

function notify(args: string[]) {
  execFile("systemd-notify", args, (error) => {
    if (error) log(`watchdog: systemd-notify failed: ${error.message}`);
  });
}

export function superviseService(
  status: BoxStatus,
  reader: CameraReader,
  env: NodeJS.ProcessEnv = process.env,
) {
  if (!env.NOTIFY_SOCKET) return;
  notify(["--ready", "--status=camera box started"]);
  const usec = Number(env.WATCHDOG_USEC);
  if (!Number.isFinite(usec) || usec <= 0) return;
  let unwell: string | null = null;
  setInterval(
    () => {
      const why = whyUnwell(status, reader);
      if (why !== unwell)
        log(why ? `watchdog: not petting systemd's watchdog: ${why}` : "watchdog: well again");
      unwell = why;
      if (!why)
        notify([
          "WATCHDOG=1",
          `--status=camera ${reader.answering ? "answering" : "not answering"}`,
        ]);
    },
    usec / 1000 / 3,
  );
}
