// The box's health (protocol/camera-box.ts): sent every few minutes and on a change worth telling.
import { execFile } from "node:child_process";
import { readdir, readFile, statfs } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { HealthReport } from "#protocol/camera-box.ts";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { ensureDir } from "./day-store.ts";
import { waitingStills } from "./still.ts";

const run = promisify(execFile);
const MiB = 1024 * 1024;
const CHANGE_CHECK_MS = 15_000;
const HOT_C = 80;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function output(command: string, args: string[]): Promise<string | null> {
  try {
    return (await run(command, args, { timeout: 5_000 })).stdout.trim();
  } catch {
    return null;
  }
}

let software: Promise<string> | null = null;
const softwareVersion = () => {
  software ??= output("git", ["describe", "--always", "--dirty"]).then((v) => v || "unknown");
  return software;
};

export async function cpuTemperature(root = "/sys/class/thermal"): Promise<number | null> {
  const zones = (await readdir(root).catch(() => [])).filter((n) => n.startsWith("thermal_zone"));
  const read = async (zone: string) => ({
    type: (await readFile(join(root, zone, "type"), "utf8").catch(() => "")).trim(),
    milli: Number.parseInt(await readFile(join(root, zone, "temp"), "utf8").catch(() => ""), 10),
  });
  const readings = (await Promise.all(zones.sort().map(read))).filter(
    (r) => !Number.isNaN(r.milli),
  );
  const cpu = readings.find((r) => r.type === "cpu-thermal") ?? readings[0];
  return cpu ? Math.round(cpu.milli / 100) / 10 : null;
}

/** `vcgencmd get_throttled` (a Pi): bits 0 and 2 now, 16 and 18 since boot; 1, 3, 17, 19 fold into throttled. */
export function parseThrottled(text: string | null): HealthReport["power"] {
  const bits = /throttled=(0x[\da-f]+)/i.exec(text ?? "")?.[1];
  if (!bits) return null;
  const value = Number.parseInt(bits, 16);
  const set = (...positions: number[]) => positions.some((bit) => (value & (1 << bit)) !== 0);
  return {
    underVoltage: set(0),
    throttled: set(1, 2, 3),
    underVoltageOccurred: set(16),
    throttledOccurred: set(17, 18, 19),
  };
}

export async function clockSynced(): Promise<boolean | null> {
  const said = await output("timedatectl", ["show", "-p", "NTPSynchronized", "--value"]);
  if (said === "yes" || said === "no") return said === "yes";
  return readFile("/run/systemd/timesync/synchronized").then(
    () => true,
    () => null,
  );
}

type Parts = { config: BoxConfig; status: BoxStatus; reader: CameraReader };

export async function healthReport({ config, status, reader }: Parts): Promise<HealthReport> {
  await ensureDir(config.dataDir);
  const disk = await statfs(config.dataDir);
  const keyframe = reader.keyframeSeconds;
  return {
    type: "health",
    at: new Date().toISOString(),
    software: (await softwareVersion()).slice(0, 80),
    uptimeSeconds: Math.round(process.uptime()),
    disk: {
      freeMiB: Math.round((disk.bavail * disk.bsize) / MiB),
      totalMiB: Math.round((disk.blocks * disk.bsize) / MiB),
      minFreeMiB: config.minFreeMiB,
      capturePaused: status.capturePaused,
    },
    lastFrameAt: iso(status.lastFrameAt),
    lastStillAt: iso(status.lastStillAt),
    stillsWaiting: (await waitingStills(config)).length,
    restarts24h: status.restarts24h(),
    camera: {
      answering: reader.answering,
      since: new Date(reader.answeringSince).toISOString(),
      keyframeSeconds: keyframe !== null && keyframe > 0 && keyframe <= 60 ? keyframe : null,
    },
    film: status.film,
    cpuTempC: await cpuTemperature(),
    power: parseThrottled(await output("vcgencmd", ["get_throttled"])),
    clockSynced: await clockSynced(),
  };
}

const worthTelling = (report: HealthReport) =>
  JSON.stringify([
    report.camera.answering,
    report.disk.capturePaused,
    report.film,
    report.power,
    report.cpuTempC !== null && report.cpuTempC >= HOT_C,
    report.clockSynced,
  ]);

export function reportHealth(parts: Parts, send: (report: HealthReport) => boolean) {
  let sentAt = 0;
  let told = "";
  let busy = false;
  const check = async (force: boolean) => {
    if (busy) return;
    busy = true;
    try {
      const report = await healthReport(parts);
      const due = Date.now() - sentAt >= parts.config.healthIntervalSeconds * 1000;
      const changed = worthTelling(report) !== told;
      if ((force || due || changed) && send(report)) {
        sentAt = Date.now();
        told = worthTelling(report);
      }
    } finally {
      busy = false;
    }
  };
  const every = Math.min(CHANGE_CHECK_MS, parts.config.healthIntervalSeconds * 1000);
  const timer = setInterval(() => void check(false), every);
  return { now: () => check(true), stop: () => clearInterval(timer) };
}
