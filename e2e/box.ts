import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";

export type RunningBox = {
  process: ChildProcess;
  output: string[];
  dataDir: string;
  kill: () => void;
  /** The newest PID the box logged for the ffmpeg of `role` ("camera", "live", "capture"). */
  ffmpegPid: (role: string) => number | null;
  /** The first line from output[`from`] on (by default: from now on) that matches. */
  said: (line: RegExp, timeoutMs?: number, from?: number) => Promise<string>;
};

export type BoxOptions = {
  /** An rtsp:// URL (the camera stand-in), a file, or testsrc. */
  input?: string;
  env?: Record<string, string>;
};

/** Every box this worker started: a failed journey shows what its boxes said (fixtures.ts). */
export const startedBoxes: RunningBox[] = [];

/** Its own process group, so killing it takes its ffmpeg along, like a box losing power. */
export function startBox(
  workerUrl: string,
  { input = "testsrc", env = {} }: BoxOptions = {},
): RunningBox {
  // Frames and waiting stills of its own: never a developer's box's, never a previous run's.
  const dataDir = env.CAMERA_DATA_DIR ?? mkdtempSync(join(tmpdir(), "journey-box-"));
  const child = spawn(
    process.execPath,
    ["--env-file=.dev.vars", "ingest/cli.ts", "--url", workerUrl, "--input", input],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CAMERA_DATA_DIR: dataDir, ...env },
    },
  );
  const output: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const hear = (chunk: Buffer) => {
    for (const line of chunk.toString().trim().split("\n")) {
      output.push(line);
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout?.on("data", hear);
  child.stderr?.on("data", hear);
  const kill = () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  };
  const ffmpegPid = (role: string) => {
    const pattern = new RegExp(`^\\[box\\] ${role}: .*ffmpeg PID (\\d+) started`);
    const line = output.findLast((text) => pattern.test(text));
    return line ? Number(pattern.exec(line)?.[1]) : null;
  };
  const said = (line: RegExp, timeoutMs = 30_000, from = output.length) =>
    new Promise<string>((resolve, reject) => {
      const earlier = output.slice(from).find((text) => line.test(text));
      if (earlier !== undefined) return resolve(earlier);
      const timer = setTimeout(() => {
        listeners.delete(listen);
        reject(new Error(`the box did not say ${line} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const listen = (text: string) => {
        if (!line.test(text)) return;
        clearTimeout(timer);
        listeners.delete(listen);
        resolve(text);
      };
      listeners.add(listen);
    });
  const box = { process: child, output, dataDir, kill, ffmpegPid, said };
  startedBoxes.push(box);
  return box;
}

/** Offline only once a box has been gone for the Worker's reconnect grace (10 s). */
export async function waitUntilOnline(workerUrl: string, online = true) {
  const status = async () =>
    ((await (await fetch(`${workerUrl}/api/stream/status`)).json()) as { online: boolean }).online;
  await expect
    .poll(status, {
      message: `the camera box is ${online ? "online" : "offline"}`,
      timeout: 30_000,
    })
    .toBe(online);
}

/**
 * A stream the last journey's box left lives on for the Worker until this box's hello ends it
 * (or hands it over): a press before that joined a stream no box sends, and stalled (seen on a
 * fast machine). Read from the camera object itself, not its 2 s answer cache.
 */
async function noStreamOfAnotherBox(workerUrl: string, box: RunningBox) {
  if (box.output.some((line) => /^\[box\] stream \d+: started/.test(line))) return true;
  const response = await fetch(`${workerUrl}/api/stream/status`);
  const { live } = (await response.json()) as { live: boolean };
  return response.headers.get("X-Object-Answer") === "object" && !live;
}

/**
 * A box connected to the Worker with its camera answering, as a visitor's press usually meets
 * it. The press during a box's start (deferred until the camera answers) is the Worker tests'.
 */
export async function startReadyBox(workerUrl: string, options?: BoxOptions): Promise<RunningBox> {
  const box = startBox(workerUrl, options);
  try {
    // From its first line on: the last journey's box may have gone moments ago, and the Worker
    // keeps its state for a reconnect's grace.
    await box.said(/control: connected/, 60_000, 0);
    await box.said(/camera: answering/, 60_000, 0);
    await waitUntilOnline(workerUrl);
    await expect
      .poll(() => noStreamOfAnotherBox(workerUrl, box), {
        message: "the Worker took this box's hello",
        timeout: 30_000,
      })
      .toBe(true);
    return box;
  } catch (error) {
    box.kill();
    throw error;
  }
}
