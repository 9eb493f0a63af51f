import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig, parseCommandLine } from "./config.ts";

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

  test("the camera input is required to film, and says what it takes; render and upload need none", () => {
    const env = { CAMERA_DEVICE_ID: "cam", CAMERA_DEVICE_SECRET: secret };
    for (const argv of [[], ["capture"], ["timelapse", "--demo"]]) {
      expect(() => loadConfig(argv, env)).toThrowError(
        "input (CAMERA_INPUT): required: an rtsp:// URL, a video file, or testsrc",
      );
    }
    expect(loadConfig(["render", "--day", "2026-07-14"], env).deviceId).toBe("cam");
    expect(loadConfig(["upload"], env).deviceId).toBe("cam");
  });

  test("keeps its data in the checkout unless told otherwise", () => {
    const env = { CAMERA_DEVICE_ID: "cam", CAMERA_DEVICE_SECRET: secret, CAMERA_INPUT: "testsrc" };
    expect(loadConfig([], env).dataDir).toBe(join(process.cwd(), ".box-data"));
    expect(loadConfig([], { ...env, CAMERA_DATA_DIR: "/var/lib/box" }).dataDir).toBe(
      "/var/lib/box",
    );
  });

  test("a Worker address without its scheme, and a config file that is not JSON, are named", () => {
    const env = { CAMERA_DEVICE_ID: "cam", CAMERA_DEVICE_SECRET: secret, CAMERA_INPUT: "testsrc" };
    expect(() => loadConfig([], { ...env, CAMERA_WORKER_URL: "localhost:5173" })).toThrowError(
      /workerUrl \(CAMERA_WORKER_URL\): workerUrl must start with https:\/\//,
    );
    const path = join(mkdtempSync(join(tmpdir(), "box-")), "box.json");
    writeFileSync(path, "{ deviceId: 'cam' }");
    expect(() => loadConfig(["--config", path], env)).toThrowError(
      `Cannot read the camera box config ${path}: `,
    );
  });

  test("time-lapse settings default to the camera at Torri del Benaco and a 3-minute film at 01:00", () => {
    expect(
      loadConfig([], {
        CAMERA_DEVICE_ID: "cam",
        CAMERA_DEVICE_SECRET: secret,
        CAMERA_INPUT: "testsrc",
      }),
    ).toMatchObject({
      latitude: 45.6106,
      longitude: 10.6858,
      timeZone: "Europe/Rome",
      filmSeconds: 180,
      renderAt: "01:00",
      stillIntervalSeconds: 600,
    });
    expect(() =>
      loadConfig([], {
        CAMERA_DEVICE_ID: "cam",
        CAMERA_DEVICE_SECRET: secret,
        CAMERA_INPUT: "x",
        CAMERA_TIME_ZONE: "Mars/Olympus",
        CAMERA_RENDER_AT: "25:00",
      }),
    ).toThrowError(/timeZone \(CAMERA_TIME_ZONE\)[\s\S]*renderAt \(CAMERA_RENDER_AT\)/);
  });
});

describe("the box's command line", () => {
  test("takes a subcommand with its day, and names what it does not know", () => {
    expect(parseCommandLine(["--input", "testsrc"])).toMatchObject({ command: "run" });
    expect(parseCommandLine(["render", "--day", "2026-07-14"])).toMatchObject({
      command: "render",
      day: "2026-07-14",
    });
    expect(
      parseCommandLine(["timelapse", "--demo", "--url", "http://localhost:5173"]),
    ).toMatchObject({
      command: "timelapse",
      demo: true,
    });
    expect(() => parseCommandLine(["rende"])).toThrow(/Unknown command "rende"/);
    expect(() => parseCommandLine(["upload", "--day", "14.7.2026"])).toThrow(
      /--day must be a date/,
    );
  });
});
