// Each kind's leader waits in the stills folder and joins the stills queue after civil dusk (ADR 026).
import { readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type PickKind, USABLE_SUNSET_SCORE } from "#protocol/day-picks.ts";
import { addDays } from "#time/calendar-day.ts";
import { civilTwilight } from "#time/civil-twilight.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import { lakeDate } from "#time/lake-time.ts";
import type { BoxConfig } from "./config.ts";
import { stillsDir, writeWhole } from "./day-store.ts";
import { scoreFrame } from "./frame-score.ts";
import type { FrameStats } from "./frame-stats.ts";
import { log } from "./log.ts";

type Place = Pick<BoxConfig, "latitude" | "longitude" | "timeZone">;

/** Daylight for the best picture, the sunset's colours up to just after civil dusk; null without a dusk. */
export function pickWindows(day: string, place: Place) {
  const { dawn, sunset, dusk } = civilTwilight(day, place, place.timeZone);
  if (!dawn || !sunset || !dusk) return null;
  const at = (instant: Date, minutes: number) => instant.getTime() + minutes * MINUTE_MS;
  return {
    best: { from: at(dawn, 30), to: at(sunset, -30) },
    sunset: { from: at(sunset, -20), to: at(dusk, 4) },
    proposeAt: at(dusk, 5),
  };
}

// <taken at>.<kind>.<score × 10>.candidate: not a name the queue sends.
const CANDIDATE = /^(\d+)\.(sunset|best)\.(\d+)\.candidate$/;
type Candidate = { name: string; takenAt: number; kind: PickKind; score: number };

async function candidates(config: BoxConfig): Promise<Candidate[]> {
  const names = await readdir(stillsDir(config)).catch(() => []);
  return names.flatMap((name) => {
    const match = CANDIDATE.exec(name);
    if (!match) return [];
    const [, takenAt, kind, score] = match as unknown as [string, string, PickKind, string];
    return [{ name, takenAt: Number(takenAt), kind, score: Number(score) / 10 }];
  });
}

export type Consideration = { kind: PickKind; score: number; leads: boolean };

/** Keeps `jpeg` if it outscores its kind's candidate; null when taken in neither window. */
export async function considerStill(
  config: BoxConfig,
  jpeg: Uint8Array,
  takenAt: number,
  stats: FrameStats,
): Promise<Consideration | null> {
  const windows = pickWindows(lakeDate(new Date(takenAt), config.timeZone), config);
  if (!windows) return null;
  const inWindow = ({ from, to }: { from: number; to: number }) => takenAt >= from && takenAt <= to;
  const kind = (["best", "sunset"] as const).find((k) => inWindow(windows[k]));
  if (!kind) return null;
  const score = scoreFrame(stats)[kind];
  const day = lakeDate(new Date(takenAt), config.timeZone);
  const rivals = (await candidates(config)).filter(
    (c) => c.kind === kind && lakeDate(new Date(c.takenAt), config.timeZone) === day,
  );
  if (score <= 0 || rivals.some((rival) => rival.score >= score)) {
    return { kind, score, leads: false };
  }
  const name = `${takenAt}.${kind}.${Math.round(score * 10)}.candidate`;
  await writeWhole(join(stillsDir(config), name), jpeg);
  await Promise.all(
    rivals.map((rival) => rm(join(stillsDir(config), rival.name), { force: true })),
  );
  return { kind, score, leads: true };
}

/** Candidates whose day is past its proposal time go to the stills queue; an unusable sunset goes. */
export async function proposeDuePicks(config: BoxConfig, now = Date.now()): Promise<number> {
  let proposed = 0;
  for (const candidate of await candidates(config)) {
    const windows = pickWindows(lakeDate(new Date(candidate.takenAt), config.timeZone), config);
    if (windows && now < windows.proposeAt) continue;
    const path = join(stillsDir(config), candidate.name);
    if (candidate.kind === "sunset" && candidate.score < USABLE_SUNSET_SCORE) {
      await rm(path, { force: true });
      continue;
    }
    await rename(path, join(stillsDir(config), `${candidate.takenAt}.${candidate.kind}.jpg`));
    log(`picks: proposing the ${candidate.kind} of ${new Date(candidate.takenAt).toISOString()}`);
    proposed += 1;
  }
  return proposed;
}

/** Proposes at each civil dusk + 5 min, and at start for a dusk the box was off at. */
export async function proposeEveryDusk(
  config: BoxConfig,
  send: () => Promise<void>,
  signal: AbortSignal,
) {
  while (!signal.aborted) {
    try {
      if ((await proposeDuePicks(config)) > 0) await send();
    } catch (error) {
      log(`picks: ${error instanceof Error ? error.message : String(error)}`);
    }
    const today = lakeDate(new Date(), config.timeZone);
    const next = [today, addDays(today, 1)]
      .map((day) => pickWindows(day, config)?.proposeAt ?? Number.POSITIVE_INFINITY)
      .find((at) => at > Date.now());
    const wait = Math.min(
      DAY_MS,
      Math.max(MINUTE_MS, (next ?? Number.POSITIVE_INFINITY) - Date.now()),
    );
    await sleep(wait, undefined, { signal }).catch(() => {});
  }
}
