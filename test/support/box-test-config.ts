// The box's configuration for its tests: its own empty data directory each time.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BoxConfig, loadConfig } from "#ingest/config.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";

export const TEST_DEVICE = { deviceId: "cam-1", secret: "k".repeat(32) };

export async function testConfig(
  env: Record<string, string> = {},
  argv: string[] = [],
): Promise<BoxConfig> {
  return loadConfig(["--input", "testsrc", ...argv], {
    CAMERA_DEVICE_ID: TEST_DEVICE.deviceId,
    CAMERA_DEVICE_SECRET: TEST_DEVICE.secret,
    CAMERA_DATA_DIR: await mkdtemp(join(tmpdir(), "box-test-")),
    ...env,
  });
}

/** A past day whose every still the Worker still takes (the last 48 hours, by its clock). */
export const yesterday = () => addDays(lakeDate(Date.now()), -1);
