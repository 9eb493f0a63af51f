// The demo day of ADR 026: ffmpeg-made frames whose answer is known, scored by the box's own code.
import { readdir } from "node:fs/promises";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type PickKind, sunsetQuality } from "#protocol/day-picks.ts";
import { type DemoFrame as Frame, makeDemoDay } from "#test/support/box-demo-day.ts";
import { testConfig, yesterday } from "#test/support/box-test-config.ts";
import { type BoxWorker, startBoxWorker } from "#test/support/box-worker.ts";
import type { BoxConfig } from "./config.ts";
import { considerStill, pickWindows, proposeDuePicks } from "./day-picks.ts";
import { stillsDir } from "./day-store.ts";
import { scoreFrame } from "./frame-score.ts";
import { sendWaitingStills } from "./still.ts";

let demo: Awaited<ReturnType<typeof makeDemoDay>>;
const frame = (name: Frame) => demo.frame(name);

beforeAll(async () => {
  demo = await makeDemoDay(await testConfig());
}, 120_000);

describe("the box's scores of the demo day", () => {
  test("name the sharp, well-exposed frame the best and the vivid sunset the sunset", () => {
    const scores = Object.fromEntries(
      [...demo.frames].map(([name, { stats }]) => [name, scoreFrame(stats)]),
    ) as Record<Frame, Record<PickKind, number>>;
    const top = (kind: PickKind) =>
      (Object.keys(scores) as Frame[]).toSorted((a, b) => scores[b][kind] - scores[a][kind])[0];
    expect(top("best")).toBe("day_sharp");
    expect(scores.day_sharp.best).toBeGreaterThan(90);
    expect(top("sunset")).toBe("sunset_vivid");
    expect(sunsetQuality(scores.sunset_vivid.sunset)).toBe("glowing");
    // A blurred, foggy, over- or underexposed frame is far behind.
    for (const name of ["day_blur", "day_over", "day_under", "day_fog"] as const) {
      expect(scores[name].best).toBeLessThan(20);
    }
    expect(scores.sunset_blur.sunset).toBe(0);
    expect(scores.night.best + scores.night.sunset).toBe(0);
    // A dull sunset is no sunset: no mark.
    expect(sunsetQuality(scores.sunset_dull.sunset)).toBeNull();
  });
});

describe("the day's proposals", { timeout: 60_000 }, () => {
  const day = yesterday();
  let worker: BoxWorker;
  let config: BoxConfig;
  let windows: NonNullable<ReturnType<typeof pickWindows>>;
  const minutes = (n: number) => n * 60_000;

  beforeEach(async () => {
    worker = await startBoxWorker();
    config = await testConfig({}, ["--url", worker.url]);
    windows =
      pickWindows(day, config) ??
      (() => {
        throw new Error("no dusk");
      })();
  });
  afterEach(() => worker.close());

  const take = (name: Frame, at: number) =>
    considerStill(config, frame(name).jpeg, at, frame(name).stats);

  test("go after civil dusk, the best daylight still and the best sunset, with their scores", async () => {
    const { best, sunset } = windows;
    await take("day_under", best.from);
    await take("day_sharp", best.from + minutes(120));
    await take("day_fog", best.from + minutes(240));
    await take("day_blur", best.to);
    // Daylight frames never compete as sunsets, nor sunset frames as the day's best.
    await take("sunset_dull", sunset.from);
    await take("sunset_vivid", sunset.from + minutes(20));
    await take("sunset_blur", sunset.from + minutes(30));
    await take("night", sunset.to + minutes(30));
    expect(await proposeDuePicks(config, windows.proposeAt - 1)).toBe(0);
    expect(await proposeDuePicks(config, windows.proposeAt)).toBe(2);

    expect(await sendWaitingStills(config, windows.proposeAt)).toBe(2);
    const sent = worker.stills.map((s) => ({
      takenAt: Date.parse(s.takenAt),
      ...s.facts?.proposal,
    }));
    expect(sent).toEqual([
      {
        takenAt: best.from + minutes(120),
        kind: "best",
        score: scoreFrame(frame("day_sharp").stats).best,
      },
      {
        takenAt: sunset.from + minutes(20),
        kind: "sunset",
        score: scoreFrame(frame("sunset_vivid").stats).sunset,
      },
    ]);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });

  test("hold no sunset when it was dull", async () => {
    await take("sunset_dull", windows.sunset.from + minutes(10));
    await take("sunset_blur", windows.sunset.from + minutes(20));
    expect(await proposeDuePicks(config, windows.proposeAt)).toBe(0);
    expect(await readdir(stillsDir(config))).toEqual([]);
  });
});
