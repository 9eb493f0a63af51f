import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { healthReportSchema } from "#protocol/camera-box.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import { cpuTemperature, healthReport, parseThrottled, reportHealth } from "./health-report.ts";

describe("the box's health", () => {
  test("reads a Pi's under-voltage and throttling, now and since boot", () => {
    expect(parseThrottled("throttled=0x50005")).toEqual({
      underVoltage: true,
      throttled: true,
      underVoltageOccurred: true,
      throttledOccurred: true,
    });
    expect(parseThrottled("throttled=0x10000")).toEqual({
      underVoltage: false,
      throttled: false,
      underVoltageOccurred: true,
      throttledOccurred: false,
    });
    // No vcgencmd: not a Pi, and the report says so.
    expect(parseThrottled(null)).toBeNull();
  });

  test("reads the CPU's thermal zone, and says null where the system has none", async () => {
    const root = await mkdtemp(join(tmpdir(), "thermal-"));
    const zones = [
      ["thermal_zone0", "gpu-thermal", "40000"],
      ["thermal_zone1", "cpu-thermal", "61234"],
    ] as const;
    for (const [zone, type, milli] of zones) {
      await mkdir(join(root, zone));
      await writeFile(join(root, zone, "type"), `${type}\n`);
      await writeFile(join(root, zone, "temp"), `${milli}\n`);
    }
    expect(await cpuTemperature(root)).toBe(61.2);
    expect(await cpuTemperature(join(root, "none"))).toBeNull();
  });

  test("is a report the Worker takes, with what the box knows of itself", async () => {
    const config = await testConfig({ CAMERA_MIN_FREE_MIB: "512" });
    const status = new BoxStatus();
    status.lastFrameAt = Date.parse("2026-07-14T08:00:00Z");
    status.restarted("capture", "no frame for 20 s");
    const report = healthReportSchema.parse(
      await healthReport({ config, status, reader: new CameraReader(config) }),
    );
    expect(report.lastFrameAt).toBe("2026-07-14T08:00:00.000Z");
    expect(report.lastStillAt).toBeNull();
    expect(report.restarts24h).toEqual({ camera: 0, capture: 1, live: 0 });
    expect(report.camera.answering).toBe(false);
    expect(report.disk.minFreeMiB).toBe(512);
    expect(report.disk.freeMiB).toBeGreaterThan(0);
  });

  test("goes out when the socket is up, then every interval, and not while it is down", async () => {
    const config = await testConfig({ CAMERA_HEALTH_INTERVAL_SECONDS: "1" });
    const sent: string[] = [];
    let up = true;
    const reporter = reportHealth(
      { config, status: new BoxStatus(), reader: new CameraReader(config) },
      (report) => up && sent.push(report.at) > 0,
    );
    try {
      await reporter.now();
      expect(sent).toHaveLength(1);
      await expect.poll(() => sent.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      up = false;
      const before = sent.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(sent).toHaveLength(before);
    } finally {
      reporter.stop();
    }
  });
});
