// `npm run box -- check`: one plain line per check ("✓ …" or "✗ …"); exit 1 on any failure.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { statfs } from "node:fs/promises";
import { connect } from "node:net";
import { promisify } from "node:util";
import type { BoxConfig } from "./config.ts";
import { ensureDir } from "./day-store.ts";
import { clockSynced, parseThrottled } from "./health-report.ts";
import { controlUrl } from "./worker-client.ts";

const run = promisify(execFile);
const PROBE = ["-v", "error", "-rtsp_transport", "tcp", "-timeout", "5000000"];
const MiB = 1024 * 1024;
/** ADR 016: a long summer day's frames and films. */
const SUMMER_MiB = 13 * 1024;
/** The Worker refuses a signature further off than this (protocol/device-signature.ts). */
const MAX_SKEW_SECONDS = 300;

export type Check = { ok: boolean; text: string };
const pass = (text: string): Check => ({ ok: true, text });
const fail = (text: string): Check => ({ ok: false, text });

async function tried(command: string, args: string[], timeoutMs = 30_000) {
  try {
    const { stdout, stderr } = await run(command, args, { timeout: timeoutMs });
    return { ok: true, stdout, stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: string | number };
    const missing = failed.code === "ENOENT";
    return { ok: false, missing, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

export async function checkFfmpeg(ffmpegPath: string): Promise<Check> {
  const encoders = await tried(ffmpegPath, ["-hide_banner", "-encoders"]);
  if (!encoders.ok) return fail("ffmpeg is not installed: sudo apt-get install ffmpeg");
  if (!encoders.stdout.includes("libx264")) {
    return fail("ffmpeg cannot encode H.264 (no libx264): install Debian's ffmpeg package");
  }
  const filters = await tried(ffmpegPath, ["-hide_banner", "-filters"]);
  if (!/\bblurdetect\b/.test(filters.stdout)) {
    return fail(
      "ffmpeg has no blurdetect (FFmpeg 5.1 or later, as in Debian 12): the box cannot pick the day's sunset and best picture",
    );
  }
  return pass("ffmpeg is installed, with H.264 and blurdetect");
}

function portAnswers(host: string, port: number, timeoutMs = 5_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code === "ECONNREFUSED"));
  });
}

async function keyframeSeconds(url: string): Promise<number | null> {
  const probe = await tried("ffprobe", [
    ...PROBE,
    ...["-select_streams", "v:0", "-skip_frame", "nokey", "-read_intervals", "%+10"],
    ...["-show_entries", "frame=pts_time", "-of", "csv=p=0", url],
  ]);
  // ffprobe may name a keyframe twice.
  const times = [...new Set(probe.stdout.split("\n").map(Number.parseFloat))].filter(
    (t) => !Number.isNaN(t),
  );
  if (times.length < 2) return null;
  return ((times.at(-1) ?? 0) - (times[0] ?? 0)) / (times.length - 1);
}

export async function checkCamera(input: string): Promise<Check[]> {
  if (!input.startsWith("rtsp://")) {
    const what = input === "testsrc" ? "ffmpeg's test pattern" : `the file ${input}`;
    return [pass(`the picture comes from ${what}, not a camera`)];
  }
  const url = new URL(input);
  const port = Number(url.port || 554);
  const where = `${url.hostname}:${port}`;
  const probe = await tried("ffprobe", [
    ...PROBE,
    ...["-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", input],
  ]);
  if (!probe.ok) {
    const said = probe.stderr;
    // A status as ffmpeg says it ("401 Unauthorized"), never digits of the URL's port.
    if (/(?<!\d)401 |Unauthorized/i.test(said)) {
      return [fail(`the camera at ${where} refused the user name or password in its URL`)];
    }
    if (/(?<!\d)404 |Not Found/i.test(said)) {
      return [
        fail(
          `the camera at ${where} has no stream at ${url.pathname}: check the path in its manual`,
        ),
      ];
    }
    if (/Connection refused/i.test(said)) {
      return [
        fail(`nothing answers on port ${port} at ${url.hostname}: check the camera's RTSP port`),
      ];
    }
    if (!(await portAnswers(url.hostname, port))) {
      return [fail(`the camera at ${where} does not answer: is it on and on this network?`)];
    }
    const reason = said.trim().split("\n").at(-1) ?? "no picture";
    return [fail(`the camera at ${where} sent no picture (${reason})`)];
  }
  const codec = probe.stdout.trim();
  if (codec !== "h264") {
    const name = codec === "hevc" ? "H.265" : codec || "no video";
    return [fail(`the camera sends ${name}: set it to H.264 in its video settings`)];
  }
  const checks = [pass(`the camera at ${where} answers with H.264`)];
  const every = await keyframeSeconds(input);
  if (every === null) {
    checks.push(
      fail(
        "the camera sent fewer than two keyframes in 10 s: set its I-frame interval to 2 s (50 at 25 fps)",
      ),
    );
  } else if (every > 2.05) {
    checks.push(
      fail(
        `the camera sends a keyframe every ${every.toFixed(1)} s: set its I-frame interval to 2 s (50 at 25 fps), or the live picture starts up to ${every.toFixed(0)} s old`,
      ),
    );
  } else {
    checks.push(pass(`a keyframe every ${every.toFixed(1)} s`));
  }
  return checks;
}

export async function checkWorker(config: BoxConfig): Promise<Check[]> {
  let health: Response;
  try {
    health = await fetch(new URL("/api/health", config.workerUrl), {
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return [
      fail(`the site at ${config.workerUrl} cannot be reached: check the URL and the network`),
    ];
  }
  if (!health.ok)
    return [
      fail(`the site at ${config.workerUrl} answered ${health.status}: is it the camera's site?`),
    ];
  const checks = [pass(`the site at ${config.workerUrl} answers`)];
  const theirs = Date.parse(health.headers.get("Date") ?? "");
  const skew = Number.isNaN(theirs) ? 0 : Math.round((Date.now() - theirs) / 1000);
  if (Math.abs(skew) > 60) {
    checks.push(
      fail(
        `the clock is ${Math.round(Math.abs(skew) / 60)} minutes ${skew > 0 ? "ahead" : "behind"}: the site refuses requests more than ${MAX_SKEW_SECONDS / 60} minutes off`,
      ),
    );
  }
  const url = new URL(await controlUrl(config));
  url.protocol = url.protocol === "wss:" ? "https:" : "http:";
  const control = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (control?.status === 426)
    checks.push(pass(`the site accepts this box's key (${config.deviceId})`));
  else if (control?.status === 401 || control?.status === 403) {
    checks.push(
      fail("the site refused this box's key: CAMERA_DEVICE_ID or CAMERA_DEVICE_SECRET is wrong"),
    );
  } else checks.push(fail(`the site's camera connection answered ${control?.status ?? "nothing"}`));
  return checks;
}

async function checkClock(): Promise<Check> {
  const synced = await clockSynced();
  if (synced === false) return fail("the clock is not synchronised: sudo timedatectl set-ntp true");
  return pass(
    synced
      ? "the clock is synchronised"
      : "the system does not say whether the clock is synchronised",
  );
}

async function checkDisk(config: BoxConfig): Promise<Check> {
  await ensureDir(config.dataDir);
  const stats = await statfs(config.dataDir);
  const free = (stats.bavail * stats.bsize) / MiB;
  const gb = (free / 1024).toFixed(1);
  if (free < config.minFreeMiB) {
    return fail(
      `only ${gb} GB free in ${config.dataDir}: the time-lapse pauses below ${config.minFreeMiB} MiB`,
    );
  }
  if (free < SUMMER_MiB + config.minFreeMiB) {
    return fail(`${gb} GB free in ${config.dataDir}: a summer's frames and films need about 13 GB`);
  }
  return pass(`${gb} GB free in ${config.dataDir}`);
}

async function checkPi(): Promise<Check[]> {
  const model = existsSync("/proc/device-tree/model")
    ? readFileSync("/proc/device-tree/model", "utf8")
    : "";
  if (!model.includes("Raspberry Pi")) return [];
  const checks: Check[] = [];
  const runtime = await tried("systemctl", ["show", "-p", "RuntimeWatchdogUSec", "--value"]);
  const armed =
    existsSync("/dev/watchdog0") && !["", "0", "infinity"].includes(runtime.stdout.trim());
  checks.push(
    armed
      ? pass("the Pi's hardware watchdog is on")
      : fail("the Pi's hardware watchdog is off: run ingest/install.sh again"),
  );
  const power = parseThrottled((await tried("vcgencmd", ["get_throttled"])).stdout);
  if (power?.underVoltage || power?.underVoltageOccurred) {
    checks.push(
      fail("the Pi has had too little voltage since it started: use the official power supply"),
    );
  }
  return checks;
}

export async function boxCheck(config: BoxConfig): Promise<boolean> {
  const checks = [
    await checkFfmpeg(config.ffmpegPath),
    ...(await checkCamera(config.input)),
    ...(await checkWorker(config)),
    await checkClock(),
    await checkDisk(config),
    ...(await checkPi()),
  ];
  for (const { ok, text } of checks) console.log(`${ok ? "✓" : "✗"} ${text}`);
  return checks.every(({ ok }) => ok);
}
