// Sunset frames every 2 minutes, kept only while one leads the day's sunset (ADR 026).
import { setTimeout as sleep } from "node:timers/promises";
import { addDays } from "#time/calendar-day.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import { lakeDate } from "#time/lake-time.ts";
import type { BoxConfig } from "./config.ts";
import { considerStill, pickWindows } from "./day-picks.ts";
import { hasRoom } from "./disk-budget.ts";
import { measureFrame } from "./frame-stats.ts";
import { log } from "./log.ts";

const SUNSET_FRAME_MS = 2 * MINUTE_MS;

export type Clock = {
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
};

const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(Math.max(0, ms), undefined, { signal }).catch(() => {}),
};

type Window = { from: number; to: number };

/** Whole 2 minutes of the window, but not the slot stills' moments: those are scored already. */
function sunsetMoments({ from, to }: Window, slotMs: number): number[] {
  const moments: number[] = [];
  for (
    let at = Math.ceil(from / SUNSET_FRAME_MS) * SUNSET_FRAME_MS;
    at <= to;
    at += SUNSET_FRAME_MS
  ) {
    if (at % slotMs !== 0) moments.push(at);
  }
  return moments;
}

function nextWindow(config: BoxConfig, now: number): Window | null {
  const today = lakeDate(new Date(now), config.timeZone);
  const windows = [today, addDays(today, 1)].map((day) => pickWindows(day, config)?.sunset);
  return windows.find((window) => window && window.to >= now) ?? null;
}

const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 16);

async function sunsetFrame(config: BoxConfig, take: () => Promise<Uint8Array>, takenAt: number) {
  const at = clockTime(takenAt);
  try {
    if (!(await hasRoom(config))) return log(`sunset: none at ${at} UTC, the card is nearly full`);
    const jpeg = await take();
    const stats = await measureFrame(config, jpeg);
    if (!stats) return log(`sunset: the frame of ${at} UTC could not be measured`);
    const considered = await considerStill(config, jpeg, takenAt, stats);
    const verdict = considered?.leads ? "leads the day, kept" : "not kept";
    log(`sunset: the frame of ${at} UTC scored ${considered?.score ?? 0}, ${verdict}`);
  } catch (error) {
    log(`sunset: none at ${at} UTC: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Every day's sunset window until `signal` stops the box; off where the day has no civil dusk. */
export async function captureEverySunset(
  config: BoxConfig,
  take: () => Promise<Uint8Array>,
  signal: AbortSignal,
  clock: Clock = realClock,
) {
  if (config.capture === "never") return;
  while (!signal.aborted) {
    const window = nextWindow(config, clock.now());
    if (!window) {
      await clock.sleep(DAY_MS, signal);
      continue;
    }
    const slotMs = config.stillIntervalSeconds * 1000;
    const due = sunsetMoments(window, slotMs).filter((at) => at >= clock.now());
    log(
      `sunset: ${lakeDate(new Date(window.from), config.timeZone)}, ${due.length} frames, every 2 min from ${clockTime(window.from)} to ${clockTime(window.to)} UTC, scored here and kept only if one leads the day's sunset`,
    );
    for (const at of due) {
      await clock.sleep(at - clock.now(), signal);
      if (signal.aborted) return;
      await sunsetFrame(config, take, clock.now());
    }
    // Past the window's end, the next one is tomorrow's.
    await clock.sleep(window.to + 1 - clock.now(), signal);
  }
}
