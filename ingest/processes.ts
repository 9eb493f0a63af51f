import type { ChildProcess } from "node:child_process";

const KILL_AFTER_MS = 3_000;

/** SIGTERM, then SIGKILL: a frozen (SIGSTOP) ffmpeg never acts on SIGTERM. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const forced = setTimeout(() => child.kill("SIGKILL"), KILL_AFTER_MS);
    child.once("exit", () => {
      clearTimeout(forced);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
