// The box's day: frames from civil dawn to civil dusk, and at `renderAt` every night
// yesterday's film, the upload of every film still pending, and the disk's clean-up.
import { setTimeout as sleep } from "node:timers/promises";
import { addDays } from "#time/calendar-day.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import { captureWindow } from "./capture-window.ts";
import type { BoxConfig } from "./config.ts";
import { readFacts, storedDays } from "./day-store.ts";
import { pruneOldDays } from "./disk-budget.ts";
import { captureFrames } from "./frame-capture.ts";
import { log } from "./log.ts";
import { renderTimelapse } from "./timelapse-render.ts";
import { uploadPendingTimelapses } from "./timelapse-uploader.ts";

async function sleepUntil(instant: Date, signal: AbortSignal) {
  const ms = instant.getTime() - Date.now();
  if (ms > 0) await sleep(ms, undefined, { signal }).catch(() => {});
}

export async function captureEveryDay(config: BoxConfig, signal: AbortSignal) {
  while (!signal.aborted) {
    const today = lakeDate(new Date(), config.timeZone);
    try {
      const window = captureWindow(today, config);
      if (Date.now() < window.dusk.getTime()) {
        if (Date.now() < window.dawn.getTime()) {
          log(`capture: waiting for civil dawn at ${window.dawn.toISOString()}`);
        }
        await sleepUntil(window.dawn, signal);
        if (!signal.aborted) await captureFrames(config, today, window.dusk, signal);
      }
    } catch (error) {
      log(`capture: ${today}: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleepUntil(atLakeTime(addDays(today, 1), "00:00:01", config.timeZone), signal);
  }
}

export function nextRenderAt(config: Pick<BoxConfig, "renderAt" | "timeZone">, now: Date): Date {
  const today = lakeDate(now, config.timeZone);
  const tonight = atLakeTime(today, config.renderAt, config.timeZone);
  return tonight > now ? tonight : atLakeTime(addDays(today, 1), config.renderAt, config.timeZone);
}

/**
 * Every past day with frames but no film yet (yesterday, or a night the box was off), then
 * every pending upload, then the clean-up.
 */
async function nightlyRun(config: BoxConfig) {
  const today = lakeDate(new Date(), config.timeZone);
  for (const day of await storedDays(config, "frames")) {
    if (day >= today || (await readFacts(config, day))) continue;
    await renderTimelapse(config, day).catch((error: unknown) =>
      log(`render: ${day}: failed: ${error instanceof Error ? error.message : error}`),
    );
  }
  await uploadPendingTimelapses(config);
  await pruneOldDays(config, today);
}

export async function renderEveryNight(config: BoxConfig, signal: AbortSignal) {
  while (!signal.aborted) {
    const at = nextRenderAt(config, new Date());
    log(
      `render: next run at ${config.renderAt} on ${config.timeZone}'s clock (${at.toISOString()})`,
    );
    await sleepUntil(at, signal);
    if (!signal.aborted) {
      await nightlyRun(config).catch((error: unknown) =>
        log(`nightly run failed: ${String(error)}`),
      );
    }
  }
}
