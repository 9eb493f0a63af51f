// The nightly render of the longest day; --cpu: capture and a live session (bench/README.md).
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { captureWindow } from "#ingest/capture-window.ts";
import { loadConfig } from "#ingest/config.ts";
import { framesDir, timelapseFiles } from "#ingest/day-store.ts";
import { captureArgs, FRAME_INTERVAL_SECONDS } from "#ingest/frame-capture.ts";
import { inputArgs, QUIET, streamArgs } from "#ingest/hls.ts";
import { renderTimelapse } from "#ingest/timelapse-render.ts";
import { clockOf } from "#time/lake-time.ts";

const day = "2026-06-21";
const dataDir = resolve(".wrangler/bench/timelapse");
const config = loadConfig(["--input", "testsrc"], {
  CAMERA_DEVICE_ID: "bench",
  CAMERA_DEVICE_SECRET: "b".repeat(32),
  CAMERA_DATA_DIR: dataDir,
});
const window = captureWindow(day, config);
const step = FRAME_INTERVAL_SECONDS * 1000;
const wholeDay = Math.floor((window.dusk.getTime() - window.dawn.getTime()) / step) + 1;
const { values } = parseArgs({
  options: { frames: { type: "string" }, cpu: { type: "boolean" } },
});
const filmCount = Math.min(
  config.filmSeconds * 25,
  Number(values.frames ?? Number.POSITIVE_INFINITY),
);
const noonCount = (2 * 30 * 60) / FRAME_INTERVAL_SECONDS + 1;
const count = filmCount + noonCount;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function cpuSeconds(pid: number | "self", { children = false } = {}): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // Fields 14 and 15 of stat(5): the process's own; 16 and 17: its finished children's.
  const [user, system] = children ? [fields[13], fields[14]] : [fields[11], fields[12]];
  return (Number(user) + Number(system)) / 100;
}

async function measureCpu() {
  const feed = join(dataDir, "camera.mp4");
  await mkdir(join(dataDir, "live"), { recursive: true });
  await mkdir(join(dataDir, "frames"), { recursive: true });
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi"],
    ...["-i", "testsrc2=size=1920x1080:rate=25", "-vf", "noise=alls=12:allf=t", "-t", "40"],
    ...["-c:v", "libx264", "-preset", "veryfast", "-b:v", "6M", "-g", "50", feed],
  ]);
  const feedArgs = [...QUIET, ...inputArgs(feed, { live: true })];
  const processes = {
    capture: spawn("ffmpeg", [...feedArgs, ...captureArgs(join(dataDir, "frames"), null).output], {
      stdio: "ignore",
    }),
    live: spawn("ffmpeg", [...feedArgs, ...streamArgs(join(dataDir, "live"))], { stdio: "ignore" }),
  };
  await new Promise((done) => setTimeout(done, 5000));
  const pids = Object.entries(processes).map(([name, p]) => [name, p.pid ?? 0] as const);
  const before = pids.map(([, pid]) => cpuSeconds(pid));
  const started = Date.now();
  await new Promise((done) => setTimeout(done, 60_000));
  const wall = (Date.now() - started) / 1000;
  const shares = pids.map(([, pid], i) => (100 * (cpuSeconds(pid) - (before[i] ?? 0))) / wall);
  for (const p of Object.values(processes)) p.kill("SIGTERM");
  console.log(
    `machine        ${cpus().length} × ${cpus()[0]?.model}, shared; load average ${load()}`,
  );
  for (const [i, [name]] of pids.entries())
    console.log(`${name.padEnd(15)}${shares[i]?.toFixed(0)} % of one core`);
  console.log(
    `together       ${shares.reduce((a, b) => a + b, 0).toFixed(0)} % of ${cpus().length * 100} %`,
  );
}

await rm(dataDir, { recursive: true, force: true });
if (values.cpu) {
  await measureCpu();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const dir = framesDir(config, day);
const raw = join(dataDir, "raw");
await mkdir(raw, { recursive: true });
await mkdir(dir, { recursive: true });

console.log(`generating ${count} of the day's ${wholeDay} frames…`);
let started = Date.now();
execFileSync("ffmpeg", [
  ...["-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi"],
  ...["-i", "testsrc2=size=1920x1080:rate=25", "-vf", "noise=alls=8:allf=t"],
  ...["-frames:v", String(count), "-q:v", "4", `${raw}/%06d.jpg`],
]);
// Named as the capture names them: the hour around noon, then the film's stretch to dusk.
const noonFirst = window.solarNoon.getTime() - ((noonCount - 1) / 2) * step;
const filmFirst = window.dusk.getTime() - (filmCount - 1) * step;
for (const [i, name] of (await readdir(raw)).sort().entries()) {
  const at = i < noonCount ? noonFirst + i * step : filmFirst + (i - noonCount) * step;
  await rename(join(raw, name), join(dir, `${clockOf(new Date(at), config.timeZone)}.jpg`));
}
let frameBytes = 0;
for (const name of await readdir(dir)) frameBytes += (await stat(join(dir, name))).size;
console.log(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const before = load();
started = Date.now();
const cpuBefore = cpuSeconds("self", { children: true });
const facts = await renderTimelapse(config, day);
const seconds = (Date.now() - started) / 1000;
// ffmpeg's own CPU time: what the render costs, however busy the shared machine is.
const cpu = cpuSeconds("self", { children: true }) - cpuBefore;
const filmBytes = (await stat(timelapseFiles(config, day).film)).size;
const framesPerSecond = (facts.durationSeconds * 25) / seconds;

console.log(`
machine        ${cpus().length} × ${cpus()[0]?.model}, shared
load average   ${before} before, ${load()} after (1, 5, 15 min)
frames         ${(frameBytes / count / 1024).toFixed(0)} kB each at 1080p: the whole day's ${wholeDay} ≈ ${(((frameBytes / count) * wholeDay) / 1e9).toFixed(2)} GB
film           ${facts.durationSeconds} s, ${(filmBytes / 1e6).toFixed(1)} MB (${((filmBytes * 8) / facts.durationSeconds / 1e6).toFixed(2)} Mbit/s)
render         ${seconds.toFixed(0)} s including the poster: ${framesPerSecond.toFixed(1)} frames/s
ffmpeg CPU     ${cpu.toFixed(0)} s (${((cpu / (facts.durationSeconds * 25)) * 1000).toFixed(0)} ms a frame)`);
await rm(dataDir, { recursive: true, force: true });
