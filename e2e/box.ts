import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

export type RunningBox = { process: ChildProcess; output: string[]; kill: () => void };

/** Its own process group, so killing it takes its ffmpeg along, like a box losing power. */
export function startBox(workerUrl: string, input = "testsrc"): RunningBox {
  const child = spawn(
    process.execPath,
    ["--env-file=.dev.vars", "ingest/cli.ts", "--url", workerUrl, "--input", input],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      // Frames and waiting stills of its own: never a developer's box's, never a previous run's.
      env: { ...process.env, CAMERA_DATA_DIR: mkdtempSync(join(tmpdir(), "journey-box-")) },
    },
  );
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(...chunk.toString().trim().split("\n")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const kill = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  };
  return { process: child, output, kill };
}

export async function waitUntilOnline(workerUrl: string, online = true) {
  const status = async () =>
    ((await (await fetch(`${workerUrl}/api/stream/status`)).json()) as { online: boolean }).online;
  await expect
    .poll(status, {
      message: `the camera box is ${online ? "online" : "offline"}`,
      timeout: 15_000,
    })
    .toBe(online);
}
