import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const install = (destdir: string, ...args: string[]) =>
  promisify(execFile)("ingest/install.sh", ["--dry-run", ...args], {
    env: { ...process.env, DESTDIR: destdir, CAMERA_DEVICE_SECRET: "s".repeat(32) },
  });

test("one command installs the service, its configuration, data folder and a Pi's watchdog; again, it keeps the configuration", async () => {
  const root = mkdtempSync(join(tmpdir(), "install-"));
  mkdirSync(join(root, "boot/firmware"), { recursive: true });
  writeFileSync(join(root, "boot/firmware/config.txt"), "[all]\n");
  const flags = ["--worker-url", "https://lake.example", "--device-id", "harbour-cam-1"];
  const { stdout } = await install(root, ...flags, "--input", "rtsp://192.168.1.20/stream1");
  expect(stdout).toContain("would run: systemctl enable camera-box");

  const env = join(root, "etc/lake-garda-camera.env");
  expect(readFileSync(env, "utf8")).toBe(
    [
      "CAMERA_WORKER_URL=https://lake.example",
      "CAMERA_DEVICE_ID=harbour-cam-1",
      `CAMERA_DEVICE_SECRET=${"s".repeat(32)}`,
      "CAMERA_INPUT=rtsp://192.168.1.20/stream1",
      "CAMERA_DATA_DIR=/var/lib/lake-garda-camera",
      "",
    ].join("\n"),
  );
  // The secret is for root and the camera user only.
  expect(statSync(env).mode & 0o777).toBe(0o640);
  const unit = readFileSync(join(root, "etc/systemd/system/camera-box.service"), "utf8");
  expect(unit).toMatch(/^Type=notify$/m);
  expect(unit).toMatch(/^WatchdogSec=30$/m);
  expect(readFileSync(join(root, "boot/firmware/config.txt"), "utf8")).toContain(
    "dtparam=watchdog=on",
  );
  expect(
    readFileSync(join(root, "etc/systemd/system.conf.d/lake-garda-camera-watchdog.conf"), "utf8"),
  ).toContain("RuntimeWatchdogSec=14s");

  const again = await install(root, ...flags, "--input", "rtsp://elsewhere/stream2");
  expect(again.stdout).toContain("keeping the configuration in /etc/lake-garda-camera.env");
  expect(readFileSync(env, "utf8")).toContain("CAMERA_INPUT=rtsp://192.168.1.20/stream1");
  expect(
    readFileSync(join(root, "boot/firmware/config.txt"), "utf8").match(/watchdog=on/g),
  ).toHaveLength(1);
});
