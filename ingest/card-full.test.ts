// The card nearly full (issue 34): the time-lapse pauses and says so, stills and live go on, and
// the health report carries what the Worker mails the owner about. A full card is ENOSPC from
// every write into the box's data folder.
import * as fs from "node:fs/promises";
import { readdir } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { BOX_PROTOCOL, type EventReport, healthReportSchema } from "#protocol/camera-box.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import { lakeDate } from "#time/lake-time.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { ControlChannel, type ControlCommand } from "./control.ts";
import { pickWindows } from "./day-picks.ts";
import { framesDir, stillsDir } from "./day-store.ts";
import { captureFrames } from "./frame-capture.ts";
import { healthReport } from "./health-report.ts";
import { takeStill } from "./still.ts";
import { Streamer } from "./streamer.ts";
import { captureEverySunset } from "./sunset-captures.ts";

vi.mock("node:fs/promises", async (original) => {
  const real = await original<typeof import("node:fs/promises")>();
  return { ...real, writeFile: vi.fn(real.writeFile) };
});
const realWriteFile = (await vi.importActual<typeof fs>("node:fs/promises")).writeFile;

let worker: BoxWorker;
let config: BoxConfig;
let reader: CameraReader;
const told: EventReport[] = [];
const status = new BoxStatus();
status.sendEventsWith((event) => told.push(event) > 0);

/** The box's control socket to the Worker, and the first start a visitor's session sends on it. */
function connectControl(box: BoxConfig) {
  let start: (command: Extract<ControlCommand, { type: "start" }>) => void = () => {};
  const started = new Promise<Parameters<typeof start>[0]>((resolve) => {
    start = resolve;
  });
  const control: ControlChannel = new ControlChannel(box, {
    onCommand: (command) => {
      if (command.type === "start") start(command);
    },
    onUp: () => {
      control.send({
        type: "hello",
        version: "1",
        epoch: null,
        protocol: BOX_PROTOCOL,
        camera: true,
      });
    },
    onDown: () => {},
  });
  void control.connect();
  return { control, started };
}

/** Half of each file lands, then the card has no room left, as on a full card. */
function fillTheCard() {
  vi.mocked(fs.writeFile).mockImplementation(async (path, data, options) => {
    if (!String(path).startsWith(config.dataDir)) return realWriteFile(path, data, options);
    const bytes = data as Uint8Array;
    await realWriteFile(path, bytes.subarray(0, bytes.length / 2));
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
      code: "ENOSPC",
    });
  });
}

beforeEach(async () => {
  worker = await startBoxWorker();
  // Below the free-space floor whatever this machine has.
  config = await testConfig({ CAMERA_MIN_FREE_MIB: String(1024 ** 3) }, ["--url", worker.url]);
  reader = new CameraReader(config);
  reader.start();
  await reader.answered(20_000);
  fillTheCard();
});
afterEach(async () => {
  await reader.stop();
  await worker.close();
  vi.mocked(fs.writeFile).mockReset();
});

describe("a card nearly full", { timeout: 60_000 }, () => {
  test("pauses the time-lapse and tells the owner, while stills and live go on", async () => {
    const logged = vi.spyOn(console, "log");
    const day = lakeDate(new Date(), config.timeZone);
    const stop = new AbortController();
    const capturing = captureFrames(
      config,
      reader,
      status,
      day,
      new Date(Date.now() + 30_000),
      stop.signal,
    );
    await vi.waitFor(() => expect(status.capturePaused).toBe(true), { timeout: 10_000 });

    // The still cannot be kept: it goes to the Worker straight away, whole, leaving nothing.
    await takeStill(config, reader, status);
    expect(worker.stills).toHaveLength(1);
    expect(worker.stills[0]?.versions).not.toBeNull();
    expect(await readdir(stillsDir(config))).toEqual([]);

    // A visitor watching: the live stream works in RAM, not on the card.
    const failures: string[] = [];
    const { control, started } = connectControl(config);
    let live: Streamer | undefined;
    try {
      const online = async () =>
        ((await (await fetch(`${worker.site}/api/stream/status`)).json()) as { online: boolean })
          .online;
      await expect.poll(online, { timeout: 10_000 }).toBe(true);
      const visitor = await fetch(`${worker.site}/api/stream/sessions`, { method: "POST" });
      expect(visitor.status).toBe(201);
      const { token } = (await visitor.json()) as { token: string };
      const { epoch, segmentsOnSocket } = await started;
      const socket = segmentsOnSocket ? control : null;
      live = new Streamer(epoch, { config, reader, status, socket }, (why) => failures.push(why));
      await live.start();
      const seen = await fetch(
        `${worker.site}/api/stream/session?token=${encodeURIComponent(token)}&wait=settled`,
      );
      expect(await seen.json()).toMatchObject({ state: "live" });
    } finally {
      await live?.stop();
      control.close();
    }
    expect(failures).toEqual([]);

    // What the Worker turns into the owner's "card nearly full" mail (ADR 033).
    const report = healthReportSchema.parse(await healthReport({ config, status, reader }));
    expect(report.disk).toMatchObject({ capturePaused: true, minFreeMiB: 1024 ** 3 });

    stop.abort();
    await capturing;
    expect(await readdir(framesDir(config, day))).toEqual([]);
    expect(told.map(({ kind }) => kind)).toContain("capture_paused");
    const said = logged.mock.calls.flat().join("\n");
    expect(said).toMatch(/capture: paused, less than 1073741824 MiB free/);
    expect(said).toMatch(
      /still: could not keep it on disk \(Error: ENOSPC.*\), sending it directly/,
    );
  });

  test("a still neither kept nor sent is told as lost, not dropped in silence", async () => {
    worker.fail(/still$/, 503, 10);
    await takeStill(config, reader, status);
    expect(worker.stills).toEqual([]);
    expect(await readdir(stillsDir(config))).toEqual([]);
    expect(told.at(-1)).toMatchObject({
      kind: "spool_dropped",
      detail: expect.stringMatching(/^lost the one of \S+, neither kept nor sent: /),
    });
  });

  test("takes no sunset frames", async () => {
    const logged = vi.spyOn(console, "log");
    const windows = pickWindows("2026-07-14", config);
    if (!windows) throw new Error("no dusk");
    const { sunset } = windows;
    const stop = new AbortController();
    let now = sunset.from;
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
        if (now > sunset.from + 10 * 60_000) stop.abort();
      },
    };
    const take = vi.fn(async () => new Uint8Array(1));
    await captureEverySunset(config, take, stop.signal, clock);
    expect(take).not.toHaveBeenCalled();
    expect(logged.mock.calls.flat().join("\n")).toMatch(
      /sunset: none at \d\d:\d\d UTC, the card is nearly full/,
    );
  });
});
