// The sunset window's own frames, on the demo day's ffmpeg-made frames and on the camera reader,
// with the clock injected: two minutes pass in no time.
import { readdir } from "node:fs/promises";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { makeDemoDay } from "#test/support/box-demo-day.ts";
import { testConfig, yesterday } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { considerStill, pickWindows, proposeDuePicks } from "./day-picks.ts";
import { stillsDir } from "./day-store.ts";
import { scoreFrame } from "./frame-score.ts";
import { sendWaitingStills, stillFromCamera } from "./still.ts";
import { type Clock, captureEverySunset } from "./sunset-captures.ts";

const MINUTE = 60_000;
const windows = (config: BoxConfig) => {
  const found = pickWindows(yesterday(), config);
  if (!found) throw new Error("no dusk");
  return found;
};

/** A clock whose sleeps pass at once; the box stops (`stop`) once it reads `stopAt` or later. */
function fakeClock(start: number, stopAt: number) {
  const stop = new AbortController();
  let now = start;
  const clock: Clock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal.aborted) return;
      now += Math.max(0, ms);
      if (now >= stopAt) stop.abort();
    },
  };
  return { clock, stop };
}

let demo: Awaited<ReturnType<typeof makeDemoDay>>;
let worker: BoxWorker;
let config: BoxConfig;

beforeAll(async () => {
  demo = await makeDemoDay(await testConfig(), ["sunset_vivid", "sunset_dull", "sunset_blur"]);
}, 60_000);
beforeEach(async () => {
  worker = await startBoxWorker();
  config = await testConfig({}, ["--url", worker.url]);
});
afterEach(async () => {
  await worker.close();
  vi.restoreAllMocks();
});

describe("the sunset's own frames", { timeout: 60_000 }, () => {
  test("are taken every 2 minutes inside the window, never at a slot still's moment, none outside it", async () => {
    const { sunset } = windows(config);
    const { clock, stop } = fakeClock(sunset.from - 3 * 60 * MINUTE, sunset.to + 3 * 60 * MINUTE);
    const takenAt: number[] = [];
    // Only when they are taken matters here: no picture, so no scoring pass to wait for.
    const take = async () => {
      takenAt.push(clock.now());
      return new Uint8Array(1);
    };
    await captureEverySunset(config, take, stop.signal, clock);

    expect(takenAt.length).toBeGreaterThanOrEqual(20);
    expect(takenAt.every((at) => at >= sunset.from && at <= sunset.to)).toBe(true);
    expect(takenAt[0] ?? 0).toBeLessThan(sunset.from + 2 * MINUTE);
    expect(takenAt.at(-1) ?? 0).toBeGreaterThan(sunset.to - 2 * MINUTE);
    const gaps = takenAt.slice(1).map((at, i) => at - (takenAt[i] ?? 0));
    // Every 2 minutes; the slot still takes every fifth moment.
    expect(new Set(gaps)).toEqual(new Set([2 * MINUTE, 4 * MINUTE]));
    expect(takenAt.filter((at) => at % (10 * MINUTE) === 0)).toEqual([]);
  });

  test("a better one replaces the slot still's candidate, and is what goes at dusk", async () => {
    const { sunset, proposeAt } = windows(config);
    const slotStillAt = Math.ceil(sunset.from / (10 * MINUTE)) * 10 * MINUTE;
    const dull = demo.frame("sunset_dull");
    expect((await considerStill(config, dull.jpeg, slotStillAt, dull.stats))?.leads).toBe(true);

    const vividAt = slotStillAt + 12 * MINUTE;
    const { clock, stop } = fakeClock(sunset.from - MINUTE, vividAt + 6 * MINUTE);
    const take = async () =>
      demo.frame(clock.now() === vividAt ? "sunset_vivid" : "sunset_blur").jpeg;
    await captureEverySunset(config, take, stop.signal, clock);
    // Local only until dusk: the vivid frame waits as the day's one sunset candidate.
    expect(worker.stills).toEqual([]);
    const vivid = scoreFrame(demo.frame("sunset_vivid").stats).sunset;
    expect(await readdir(stillsDir(config))).toEqual([
      `${vividAt}.sunset.${Math.round(vivid * 10)}.candidate`,
    ]);

    expect(await proposeDuePicks(config, proposeAt)).toBe(1);
    expect(await sendWaitingStills(config, proposeAt)).toBe(1);
    expect(worker.stills.map((s) => [Date.parse(s.takenAt), s.facts?.proposal])).toEqual([
      [vividAt, { kind: "sunset", score: vivid }],
    ]);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });

  test("come from the box's camera reader, and stop with the box", async () => {
    const logged = vi.spyOn(console, "log");
    const reader = new CameraReader(config);
    reader.start();
    try {
      expect(await reader.answered(20_000)).toBe(true);
      const { sunset } = windows(config);
      const { clock, stop } = fakeClock(sunset.from, Number.POSITIVE_INFINITY);
      let taken = 0;
      const take = () => {
        taken += 1;
        if (taken === 2) stop.abort();
        return stillFromCamera(reader);
      };
      await captureEverySunset(config, take, stop.signal, clock);
      expect(taken).toBe(2);
      const said = logged.mock.calls.flat().join("\n");
      const scored =
        /sunset: the frame of \d\d:\d\d UTC scored [\d.]+, (leads the day, kept|not kept)/g;
      expect(said.match(scored)).toHaveLength(2);
    } finally {
      await reader.stop();
    }
  });

  test("wait on the real clock until the box stops them", async () => {
    const stop = new AbortController();
    const take = vi.fn(async () => demo.frame("sunset_blur").jpeg);
    const running = captureEverySunset(config, take, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop.abort();
    await running;
    expect(take.mock.calls.length).toBeLessThanOrEqual(1);
  });

  test("are never taken by a box told to capture nothing", async () => {
    const never = await testConfig({ CAMERA_CAPTURE: "never" });
    const { sunset } = windows(never);
    const { clock, stop } = fakeClock(sunset.from, sunset.to + MINUTE);
    const take = vi.fn(async () => demo.frame("sunset_vivid").jpeg);
    await captureEverySunset(never, take, stop.signal, clock);
    expect(take).not.toHaveBeenCalled();
  });
});
