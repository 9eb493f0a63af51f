import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { type RunningBox, startBox } from "#e2e/box.ts";
import { lakeDate } from "#time/lake-time.ts";
import { CAPTURE_STALLED_MS } from "./service-watchdog.ts";

const WATCHDOG_MS = 3_000;

type NotifySocket = { path: string; heard: { at: number; text: string }[]; stop: () => void };

/** systemd's end of NOTIFY_SOCKET, in Debian's python3 (these machines run no systemd). */
async function notifySocket(): Promise<NotifySocket> {
  const path = join(mkdtempSync(join(tmpdir(), "notify-")), "notify.sock");
  const child: ChildProcess = spawn("/usr/bin/python3", ["test/support/notify-socket.py", path]);
  const heard: NotifySocket["heard"] = [];
  await new Promise<void>((resolve) => {
    // Line by line: a datagram's line may arrive in two chunks.
    createInterface({ input: child.stdout as Readable }).on("line", (line) => {
      if (line === "listening") resolve();
      const [at, ...text] = line.split(" ");
      if (at && /^\d+$/.test(at)) heard.push({ at: Number(at), text: text.join(" ") });
    });
  });
  return { path, heard, stop: () => child.kill() };
}

let socket: NotifySocket | undefined;
let box: RunningBox | undefined;
afterEach(({ task }) => {
  if (task.result?.state === "fail") {
    const heard = socket?.heard.map(({ at, text }) => `${at} ${text}`) ?? [];
    console.log(`systemd heard:\n${heard.join("\n")}\nthe box said:\n${box?.output.join("\n")}`);
  }
  box?.kill();
  socket?.stop();
});

const pets = () => socket?.heard.filter(({ text }) => text.includes("WATCHDOG=1")) ?? [];

async function boxUnderSystemd(env: Record<string, string> = {}) {
  socket = await notifySocket();
  box = startBox("http://127.0.0.1:9", {
    env: {
      NOTIFY_SOCKET: socket.path,
      WATCHDOG_USEC: String(WATCHDOG_MS * 1000),
      CAMERA_CAPTURE: "never",
      ...env,
    },
  });
  // Starting Node and ffmpeg can take many seconds on a busy CI machine; READY=1 follows at once.
  await box.said(/camera box .*: input/, 60_000, 0);
  await expect
    .poll(() => socket?.heard.some(({ text }) => text.includes("READY=1")), { timeout: 10_000 })
    .toBe(true);
  return box;
}

describe("the service's watchdog", { timeout: 90_000 }, () => {
  test("the unit passes systemd-analyze verify without a word, restarting a box within 90 s", async () => {
    const dir = mkdtempSync(join(tmpdir(), "unit-"));
    const unit = readFileSync("ingest/camera-box.service", "utf8");
    const path = join(dir, "camera-box.service");
    writeFileSync(path, unit.replaceAll("/opt/lake-garda-camera", process.cwd()));
    const { stdout, stderr } = await promisify(execFile)("systemd-analyze", ["verify", path]);
    expect(`${stdout}${stderr}`).toBe("");
    const setting = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, "m").exec(unit)?.[1]);
    expect(unit).toMatch(/^Type=notify$/m);
    expect(setting("WatchdogSec") + setting("RestartSec")).toBeLessThanOrEqual(90);
  });

  test("a frozen box stops petting it, and pets it again once it runs", async () => {
    const running = await boxUnderSystemd();
    await expect.poll(() => pets().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const frozenAt = Date.now();
    process.kill(running.process.pid ?? 0, "SIGSTOP");
    await new Promise((resolve) => setTimeout(resolve, WATCHDOG_MS + 1000));
    expect(pets().filter(({ at }) => at > frozenAt + 100)).toEqual([]);
    process.kill(running.process.pid ?? 0, "SIGCONT");
    await expect
      .poll(() => pets().filter(({ at }) => at > frozenAt).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  test("a capture that cannot take frames while the camera answers stops the pets within 30 s", async () => {
    // The day's frame folder is a file: ffmpeg cannot write there, whoever runs the test.
    const dataDir = mkdtempSync(join(tmpdir(), "stalled-box-"));
    mkdirSync(join(dataDir, "frames"), { recursive: true });
    writeFileSync(join(dataDir, "frames", lakeDate(new Date())), "not a folder");
    const running = await boxUnderSystemd({ CAMERA_CAPTURE: "always", CAMERA_DATA_DIR: dataDir });
    await running.said(/camera: answering/, 30_000, 0);
    const answering = Date.now();
    await running.said(/watchdog: not petting systemd's watchdog: no time-lapse frame/, 60_000);
    const lastPet = pets().at(-1)?.at ?? 0;
    expect(lastPet - answering).toBeLessThanOrEqual(CAPTURE_STALLED_MS + WATCHDOG_MS / 3);
    await new Promise((resolve) => setTimeout(resolve, WATCHDOG_MS + 1000));
    expect(pets().at(-1)?.at).toBe(lastPet);
  });
});
