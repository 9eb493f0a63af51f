// The box's configuration for its tests: its own empty data directory each time.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BoxConfig, loadConfig } from "#ingest/config.ts";

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
