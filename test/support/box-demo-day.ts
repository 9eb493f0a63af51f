// ADR 026's demo day: 1920×1080 frames made by ffmpeg whose scores are known, for the box's tests.
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { BoxConfig } from "#ingest/config.ts";
import { type FrameStats, measureFrame } from "#ingest/frame-stats.ts";

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

/** A sky gradient to the horizon, a detailed shore, the water below; then `filter`. */
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
export type DemoFrame = keyof typeof FRAMES;
export type MadeFrame = { jpeg: Uint8Array; stats: FrameStats };

async function makeFrame(ffmpeg: string, dir: string, name: DemoFrame) {
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

/** The named frames (all by default), each with the box's own measures of it. */
export async function makeDemoDay(config: BoxConfig, names = Object.keys(FRAMES) as DemoFrame[]) {
  const dir = await mkdtemp(join(tmpdir(), "demo-day-"));
  const frames = new Map<DemoFrame, MadeFrame>();
  for (const name of names) {
    const jpeg = await makeFrame(config.ffmpegPath, dir, name);
    const stats = await measureFrame(config, jpeg);
    if (!stats) throw new Error(`ffmpeg could not measure ${name}`);
    frames.set(name, { jpeg, stats });
  }
  const frame = (name: DemoFrame): MadeFrame => {
    const made = frames.get(name);
    if (!made) throw new Error(`${name} was not made`);
    return made;
  };
  return { frames, frame };
}
