// `timelapse --demo`: a day in a minute of frames, rendered and uploaded as the nightly run does.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { clockOf, lakeDate } from "#time/lake-time.ts";
import { captureWindow } from "./capture-window.ts";
import type { BoxConfig } from "./config.ts";
import { ensureDir, framesDir } from "./day-store.ts";
import { FRAME_INTERVAL_SECONDS } from "./frame-capture.ts";
import { FULL_HD, inputArgs } from "./hls.ts";
import { log } from "./log.ts";
import { sendStill } from "./still.ts";
import { renderTimelapse, TIMELAPSE_FPS } from "./timelapse-render.ts";
import { uploadTimelapse } from "./timelapse-uploader.ts";

const DEMO_TIMELAPSE_SECONDS = 10;
/** Frames standing for the hour around solar noon, where the poster comes from. */
const NOON_FRAMES = 25;

/** Frames as fast as the input gives them (5 a second, so the pattern moves between them). */
function demoCaptureArgs(input: string, dir: string, count: number): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin"],
    ...inputArgs(input, { live: false, testSize: "1920x1080" }),
    ...["-an", "-vf", `fps=5,${FULL_HD}`, "-frames:v", String(count), "-q:v", "4"],
    `${dir}/%06d.jpg`,
  ];
}

function stillSlots(dawn: Date, dusk: Date): Date[] {
  const slot = STILL_SLOT_MS;
  const slots: Date[] = [];
  for (let t = Math.ceil(dawn.getTime() / slot) * slot; t <= dusk.getTime(); t += slot) {
    slots.push(new Date(t));
  }
  return slots;
}

function run(config: BoxConfig, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(config.ffmpegPath, args, { timeout: 120_000 }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

export async function timelapseDemo(config: BoxConfig): Promise<string> {
  const day = addDays(lakeDate(new Date(), config.timeZone), -1);
  const window = captureWindow(day, config);
  const demo: BoxConfig = {
    ...config,
    filmSeconds: DEMO_TIMELAPSE_SECONDS,
    dataDir: await mkdtemp(join(config.workDir, "timelapse-demo-")),
  };
  try {
    const raw = join(demo.dataDir, "raw");
    await ensureDir(raw);
    const timelapseFrames = DEMO_TIMELAPSE_SECONDS * TIMELAPSE_FPS;
    log(`demo: capturing ${timelapseFrames + NOON_FRAMES} frames from ${config.input} for ${day}`);
    await run(config, demoCaptureArgs(config.input, raw, timelapseFrames + NOON_FRAMES));
    const captured = (await readdir(raw)).sort();
    if (captured.length < NOON_FRAMES + TIMELAPSE_FPS) {
      throw new Error(`the input gave only ${captured.length} frames`);
    }
    // The compressed day's clock: the first frames around noon, the rest ending at dusk.
    const step = FRAME_INTERVAL_SECONDS * 1000;
    const noonStart = window.solarNoon.getTime() - (NOON_FRAMES / 2) * step;
    const lastStart = window.dusk.getTime() - (captured.length - NOON_FRAMES) * step;
    const dir = framesDir(demo, day);
    await ensureDir(dir);
    for (const [i, name] of captured.entries()) {
      const at = i < NOON_FRAMES ? noonStart + i * step : lastStart + (i - NOON_FRAMES + 1) * step;
      await rename(join(raw, name), join(dir, `${clockOf(new Date(at), config.timeZone)}.jpg`));
    }
    await renderTimelapse(demo, day);

    const frames = (await readdir(dir)).sort();
    const slots = stillSlots(window.dawn, window.dusk);
    for (const [i, takenAt] of slots.entries()) {
      const frame = frames[Math.floor((i * frames.length) / slots.length)] ?? "";
      await sendStill(config, new Uint8Array(await readFile(join(dir, frame))), takenAt);
    }
    log(
      `demo: ${slots.length} stills of ${day} uploaded, ${slots[0]?.toISOString()} to ${slots.at(-1)?.toISOString()}`,
    );
    return await uploadTimelapse(demo, day);
  } finally {
    await rm(demo.dataDir, { recursive: true, force: true });
  }
}
