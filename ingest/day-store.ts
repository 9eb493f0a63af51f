// frames/DAY/HHMMSS.jpg (lake clock); films/DAY/ film.mp4, poster.jpg, facts.json, then
// registered.json once the Worker confirmed it; stills/<epoch ms>.jpg not sent yet.
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type TimelapseFacts, timelapseFactsSchema } from "#protocol/timelapse-upload.ts";
import { atLakeTime } from "#time/lake-time.ts";
import type { BoxConfig } from "./config.ts";

type Dirs = Pick<BoxConfig, "dataDir" | "timeZone">;
export type Frame = { at: Date; path: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FRAME = /^(\d{2})(\d{2})(\d{2})\.jpg$/;

export const framesDir = (config: Dirs, day: string) => join(config.dataDir, "frames", day);
export const timelapseDir = (config: Dirs, day: string) => join(config.dataDir, "films", day);
export const stillsDir = (config: Dirs) => join(config.dataDir, "stills");

export function timelapseFiles(config: Dirs, day: string) {
  const dir = timelapseDir(config, day);
  return {
    film: join(dir, "film.mp4"),
    poster: join(dir, "poster.jpg"),
    facts: join(dir, "facts.json"),
    registered: join(dir, "registered.json"),
  };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export async function storedDays(
  config: Pick<Dirs, "dataDir">,
  kind: "frames" | "films",
): Promise<string[]> {
  const names = await readdir(join(config.dataDir, kind)).catch(() => []);
  return names.filter((name) => DAY.test(name)).sort();
}

export async function listFrames(config: Dirs, day: string): Promise<Frame[]> {
  const dir = framesDir(config, day);
  const names = await readdir(dir).catch(() => []);
  return names
    .filter((name) => FRAME.test(name))
    .sort()
    .map((name) => {
      const [, h, m, s] = FRAME.exec(name) ?? [];
      return { at: atLakeTime(day, `${h}:${m}:${s}`, config.timeZone), path: join(dir, name) };
    });
}

export async function readFacts(config: Dirs, day: string): Promise<TimelapseFacts | null> {
  const text = await readFile(timelapseFiles(config, day).facts, "utf8").catch(() => null);
  return text === null ? null : timelapseFactsSchema.parse(JSON.parse(text));
}

export async function isRegistered(config: Dirs, day: string): Promise<boolean> {
  return exists(timelapseFiles(config, day).registered);
}

export async function pendingTimelapses(config: Dirs): Promise<string[]> {
  const pending: string[] = [];
  for (const day of await storedDays(config, "films")) {
    if ((await readFacts(config, day)) && !(await isRegistered(config, day))) pending.push(day);
  }
  return pending;
}

/** Only once the Worker registered the film: then the day's frames may go. */
export async function markRegistered(config: Dirs, day: string, id: string) {
  await writeFile(timelapseFiles(config, day).registered, JSON.stringify({ id }));
  await rm(framesDir(config, day), { recursive: true, force: true });
}

export async function ensureDir(path: string) {
  await mkdir(path, { recursive: true });
}

/** Whole or not at all: a power cut or a full card leaves no partial file. */
export async function writeWhole(path: string, bytes: Uint8Array) {
  await ensureDir(dirname(path));
  try {
    await writeFile(`${path}.tmp`, bytes, { flush: true });
    await rename(`${path}.tmp`, path);
  } catch (error) {
    await rm(`${path}.tmp`, { force: true });
    throw error;
  }
}
