import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "./config.ts";

const secret = "s".repeat(32);

describe("camera box configuration", () => {
  test("flags override the environment, which overrides the file", () => {
    const path = join(mkdtempSync(join(tmpdir(), "box-")), "box.json");
    writeFileSync(
      path,
      JSON.stringify({ deviceId: "file-cam", input: "file.mp4", maxRunSeconds: 60 }),
    );
    const config = loadConfig(["--config", path, "--input", "testsrc"], {
      CAMERA_DEVICE_ID: "env-cam",
      CAMERA_DEVICE_SECRET: secret,
    });
    expect(config).toMatchObject({
      deviceId: "env-cam",
      input: "testsrc",
      maxRunSeconds: 60,
      workerUrl: "http://localhost:5173",
    });
  });

  test("names each missing or malformed setting with its variable", () => {
    expect(() => loadConfig([], { CAMERA_WORKER_URL: "not a url" })).toThrowError(
      /workerUrl \(CAMERA_WORKER_URL\)[\s\S]*deviceId \(CAMERA_DEVICE_ID\)[\s\S]*deviceSecret/,
    );
  });
});
