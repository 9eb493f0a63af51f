// @vitest-environment node
// The demo day of ADR 017: ffmpeg-made frames whose answer is known, scored by the box's own code.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type PickKind, sunsetQuality } from "#protocol/day-picks.ts";
import { type FakeWorker, startFakeWorker } from "#test/support/box-fake-worker.ts";
import { TEST_DEVICE, testConfig } from "#test/support/box-test-config.ts";
import type { BoxConfig } from "./config.ts";
import { considerStill, pickWindows, proposeDuePicks } from "./day-picks.ts";
import { stillsDir } from "./day-store.ts";
import { scoreFrame } from "./frame-score.ts";
import { type FrameStats, measureFrame } from "./frame-stats.ts";
import { sendWaitingStills } from "./still.ts";

type Rgb = [number, number, number];
const DAY: [Rgb, Rgb, Rgb] = [
  [60, 120, 210],
  [190, 215, 240],
  [30, 80, 110],
];
const SUNSET: [Rgb, Rgb, Rgb] = [
  [60, 40, 90],
  [255, 130, 40],
  [90, 45, 30],
];
const NIGHT: [Rgb, Rgb, Rgb] = [
  [10, 10, 20],
  [40, 35, 45],
  [10, 10, 18],
];

/** 1920×1080: a sky gradient to the horizon, a detailed shore, the water below; then `filter`. */
const FRAMES = {
  day_sharp: [DAY, ""],
  day_blur: [DAY, "gblur=sigma=6"],
  day_over: [DAY, "eq=brightness=0.35:contrast=1.3"],
  day_under: [DAY, "eq=brightness=-0.3"],
  day_fog: [DAY, "eq=contrast=0.35:brightness=0.2:saturation=0.25,gblur=sigma=2"],
  sunset_vivid: [SUNSET, ""],
  sunset_dull: [SUNSET, "eq=saturation=0.25:brightness=-0.05"],
  sunset_blur: [SUNSET, "gblur=sigma=6"],
  night: [NIGHT, ""],
} as const;
type Frame = keyof typeof FRAMES;

async function makeFrame(ffmpeg: string, dir: string, name: Frame) {
  const [[sky, horizon, water], filter] = FRAMES[name];
  const channel = (c: 0 | 1 | 2) =>
    `if(lt(Y,486),${sky[c]}+(${horizon[c]}-${sky[c]})*Y/486,${horizon[c]}+(${water[c]}-${horizon[c]})*(Y-486)/594)`;
  const gradient = `color=c=black:s=1920x1080:d=1,format=rgb24,geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`;
  const shore =
    "sierpinski=s=1920x162:type=triangle,trim=end_frame=1,format=rgb24,colorchannelmixer=.3:.3:.3:0:.3:.3:.3:0:.25:.25:.25";
  const path = join(dir, `${name}.jpg`);
  await promisify(execFile)(ffmpeg, [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", gradient, "-f", "lavfi"],
    ...["-i", shore, "-filter_complex"],
    `[0][1]overlay=0:486,noise=alls=5:allf=t,format=yuv420p${filter ? `,${filter}` : ""}`,
    ...["-frames:v", "1", "-q:v", "4", path],
  ]);
  return new Uint8Array(await readFile(path));
}

const frames = new Map<Frame, { jpeg: Uint8Array; stats: FrameStats }>();
function frame(name: Frame) {
  const made = frames.get(name);
  if (!made) throw new Error(`${name} was not made`);
  return made;
}

beforeAll(async () => {
  const config = await testConfig();
  const dir = await mkdtemp(join(tmpdir(), "demo-day-"));
  for (const name of Object.keys(FRAMES) as Frame[]) {
    const jpeg = await makeFrame(config.ffmpegPath, dir, name);
    const stats = await measureFrame(config, jpeg);
    if (!stats) throw new Error(`ffmpeg could not measure ${name}`);
    frames.set(name, { jpeg, stats });
  }
}, 120_000);

describe("the box's scores of the demo day", () => {
  test("name the sharp, well-exposed frame the best and the vivid sunset the sunset", () => {
    const scores = Object.fromEntries(
      [...frames].map(([name, { stats }]) => [name, scoreFrame(stats)]),
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
  const day = "2026-07-14";
  let worker: FakeWorker;
  let config: BoxConfig;
  let windows: NonNullable<ReturnType<typeof pickWindows>>;
  const minutes = (n: number) => n * 60_000;

  beforeEach(async () => {
    worker = await startFakeWorker({ ...TEST_DEVICE, partSize: 1000 });
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
