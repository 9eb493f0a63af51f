import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MAX_TIMELAPSE_BYTES } from "#protocol/timelapse-upload.ts";
import { testConfig } from "#test/support/box-test-config.ts";
import { clockOf } from "#time/lake-time.ts";
import { captureWindow } from "./capture-window.ts";
import { type Frame, framesDir, listFrames, timelapseFiles } from "./day-store.ts";
import {
  parseBrightness,
  posterCandidates,
  renderArgs,
  renderTimelapse,
  SPEED,
  TIMELAPSE_FPS,
  timelapseFrames,
} from "./timelapse-render.ts";

const torri = { latitude: 45.6106, longitude: 10.6858, timeZone: "Europe/Rome" };

/** A frame every 6 s from `from` to `to`, skipping the instants `gap` says. */
function everySixSeconds(from: Date, to: Date, gap = (_: number) => false): Frame[] {
  const frames: Frame[] = [];
  for (let t = Math.ceil(from.getTime() / 6000) * 6000; t <= to.getTime(); t += 6000) {
    if (!gap(t)) frames.push({ at: new Date(t), path: `${t}.jpg` });
  }
  return frames;
}

describe("the film's stretch of the day", () => {
  test("is the 7.5 hours before civil dusk at the default 180 s, 150× real speed", () => {
    expect(SPEED).toBe(150);
    const window = captureWindow("2026-06-21", torri);
    const frames = timelapseFrames(everySixSeconds(window.dawn, window.dusk), window, 180);
    expect(frames).toHaveLength(180 * TIMELAPSE_FPS);
    expect(window.dusk.getTime() - (frames.at(-1)?.at.getTime() ?? 0)).toBeLessThan(6000);
    const shown = (frames.at(-1)?.at.getTime() ?? 0) - (frames[0]?.at.getTime() ?? 0);
    expect(shown / 3600_000).toBeCloseTo(7.5, 1);
  });

  test("is shorter when frames are missing, and never reaches before dawn", () => {
    const window = captureWindow("2026-12-21", torri);
    const all = everySixSeconds(window.dawn, window.dusk);
    // 600 s of film would need 25 hours of a 9.8-hour day: the whole day, shorter film.
    expect(timelapseFrames(all, window, 600)).toHaveLength(all.length);
    const outage = (t: number) =>
      t > window.dusk.getTime() - 3 * 3600_000 && t < window.dusk.getTime() - 3600_000;
    expect(
      timelapseFrames(everySixSeconds(window.dawn, window.dusk, outage), window, 180).length,
    ).toBeLessThan(180 * TIMELAPSE_FPS - 1000);
  });

  test("poster candidates come from within 30 minutes of solar noon, at most 120", () => {
    const window = captureWindow("2026-06-21", torri);
    const candidates = posterCandidates(
      everySixSeconds(window.dawn, window.dusk),
      window.solarNoon,
    );
    expect(candidates.length).toBeLessThanOrEqual(120);
    expect(candidates.length).toBeGreaterThan(100);
    for (const frame of candidates) {
      expect(Math.abs(frame.at.getTime() - window.solarNoon.getTime())).toBeLessThanOrEqual(
        30 * 60_000,
      );
    }
  });
});

describe("ffmpeg arguments of the film", () => {
  test("H.264 High, yuv420p, 1920×1080, 25 fps, deflickered, faststart, capped for the web", () => {
    const args = renderArgs("/f/%06d.jpg", "/o/film.mp4").join(" ");
    expect(args).toContain("-framerate 25 -i /f/%06d.jpg");
    expect(args).toMatch(
      /-vf deflicker=[^ ]*,scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080[^ ]*,format=yuv420p/,
    );
    expect(args).toContain("-c:v libx264 -profile:v high");
    expect(args).toMatch(/-crf \d+/);
    expect(args).toContain("-movflags +faststart /o/film.mp4");
    const maxrate = Number(/-maxrate (\d+)M/.exec(args)?.[1]) * 1e6;
    // A 3-minute film at the cap, plus the container, stays far below the Worker's 1 GiB.
    expect((maxrate / 8) * 180 * 1.05).toBeLessThan(MAX_TIMELAPSE_BYTES / 4);
  });

  test("brightness is read from signalstats' YAVG per frame", () => {
    const report = [
      "frame:0    pts:0       pts_time:0",
      "lavfi.signalstats.YAVG=61.2",
      "frame:1    pts:1       pts_time:1",
      "lavfi.signalstats.YAVG=201.75",
      "",
    ].join("\n");
    expect(parseBrightness(report)).toEqual([
      { frame: 0, yavg: 61.2 },
      { frame: 1, yavg: 201.75 },
    ]);
  });
});

const ffmpeg = (...args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args]);
const probe = (file: string, entries: string) =>
  execFileSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    entries,
    "-of",
    "default=nw=1",
    file,
  ]).toString();

describe("rendering a day", { timeout: 180_000 }, () => {
  test("makes the web film of the last stretch before dusk and a poster of the brightest noon frame", async () => {
    // Two seconds of film: the same render, small enough for a test.
    const config = { ...(await testConfig()), filmSeconds: 2 };
    const day = "2026-07-14";
    const window = captureWindow(day, config);
    const dir = framesDir(config, day);
    await mkdir(dir, { recursive: true });
    const name = (at: number) => join(dir, `${clockOf(new Date(at), config.timeZone)}.jpg`);
    // 60 frames up to dusk (the film takes the last 50) and five of differing light at noon.
    const raw = await mkdtemp(join(tmpdir(), "box-raw-"));
    ffmpeg(
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1920x1080:rate=25",
      "-frames:v",
      "60",
      "-q:v",
      "6",
      `${raw}/%02d.jpg`,
    );
    const dusk = Math.floor(window.dusk.getTime() / 6000) * 6000;
    for (let i = 0; i < 60; i++) {
      execFileSync("mv", [
        join(raw, `${String(i + 1).padStart(2, "0")}.jpg`),
        name(dusk - (59 - i) * 6000),
      ]);
    }
    const noon = Math.floor(window.solarNoon.getTime() / 6000) * 6000;
    for (const [i, grey] of ["303030", "606060", "d0d0d0", "909090", "404040"].entries()) {
      ffmpeg(
        "-f",
        "lavfi",
        "-i",
        `color=c=0x${grey}:s=1920x1080`,
        "-frames:v",
        "1",
        name(noon + (i - 2) * 6000),
      );
    }

    const facts = await renderTimelapse(config, day);
    const frames = await listFrames(config, day);
    expect(facts).toEqual({
      width: 1920,
      height: 1080,
      durationSeconds: 2,
      speed: 150,
      from: frames.at(-50)?.at.toISOString(),
      to: new Date(dusk).toISOString(),
    });
    const files = timelapseFiles(config, day);
    expect(
      probe(files.film, "stream=codec_name,profile,pix_fmt,width,height,r_frame_rate,nb_frames"),
    ).toBe(
      "codec_name=h264\nprofile=High\nwidth=1920\nheight=1080\npix_fmt=yuv420p\nr_frame_rate=25/1\nnb_frames=50\n",
    );
    const bytes = readFileSync(files.film);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    expect(statSync(files.poster).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(probe(files.poster, "stream=width,height")).toBe("width=1920\nheight=1080\n");
    const posterLight = execFileSync("ffprobe", [
      ...["-v", "error", "-f", "lavfi", "-i", `movie=${files.poster},signalstats`],
      ...["-show_entries", "frame_tags=lavfi.signalstats.YAVG", "-of", "csv=p=0"],
    ]).toString();
    expect(Number(posterLight)).toBeGreaterThan(190);
    // The frames stay until the Worker confirms the film.
    expect(existsSync(dir)).toBe(true);
  });
});
