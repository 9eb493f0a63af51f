// Frames from civil dawn to dusk; each night at `renderAt` the films, their uploads, the clean-up.
import { setTimeout as sleep } from "node:timers/promises";
import type { FilmState } from "#protocol/camera-box.ts";
import { addDays } from "#time/calendar-day.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader } from "./camera-reader.ts";
import { captureWindow } from "./capture-window.ts";
import type { BoxConfig } from "./config.ts";
import { isRegistered, readFacts, storedDays } from "./day-store.ts";
import { pruneOldDays } from "./disk-budget.ts";
import { captureFrames } from "./frame-capture.ts";
import { log } from "./log.ts";
import { renderTimelapse } from "./timelapse-render.ts";
import { uploadPendingTimelapses } from "./timelapse-uploader.ts";

async function sleepUntil(instant: Date, signal: AbortSignal) {
  const ms = instant.getTime() - Date.now();
  if (ms > 0) await sleep(ms, undefined, { signal }).catch(() => {});
}

function captureHours(config: BoxConfig, today: string): { from: Date; until: Date } | null {
  if (config.capture === "never") return null;
  if (config.capture === "always") {
    const from = atLakeTime(today, "00:00:00", config.timeZone);
    return { from, until: atLakeTime(addDays(today, 1), "00:00:00", config.timeZone) };
  }
  const window = captureWindow(today, config);
  return { from: window.dawn, until: window.dusk };
}

const RETRY_MS = 10_000;

export async function captureEveryDay(
  config: BoxConfig,
  reader: CameraReader,
  status: BoxStatus,
  signal: AbortSignal,
) {
  while (!signal.aborted) {
    const today = lakeDate(new Date(), config.timeZone);
    try {
      const hours = captureHours(config, today);
      if (hours && Date.now() < hours.until.getTime()) {
        if (Date.now() < hours.from.getTime()) {
          log(`capture: waiting for civil dawn at ${hours.from.toISOString()}`);
        }
        await sleepUntil(hours.from, signal);
        status.capturingSince = Date.now();
        // One that cannot begin (folder unwritable) stays due, so the service watchdog sees it.
        while (!signal.aborted && Date.now() < hours.until.getTime()) {
          await captureFrames(config, reader, status, today, hours.until, signal).catch(
            async (error: unknown) => {
              log(`capture: ${today}: ${error instanceof Error ? error.message : String(error)}`);
              await sleep(RETRY_MS, undefined, { signal }).catch(() => {});
            },
          );
        }
      }
    } catch (error) {
      log(`capture: ${today}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      status.capturingSince = null;
    }
    await sleepUntil(atLakeTime(addDays(today, 1), "00:00:01", config.timeZone), signal);
  }
}

export function nextRenderAt(config: Pick<BoxConfig, "renderAt" | "timeZone">, now: Date): Date {
  const today = lakeDate(now, config.timeZone);
  const tonight = atLakeTime(today, config.renderAt, config.timeZone);
  return tonight > now ? tonight : atLakeTime(addDays(today, 1), config.renderAt, config.timeZone);
}

/** Every past day with frames but no film, so a night the box was off is rendered too. */
async function nightlyRun(config: BoxConfig, status?: BoxStatus) {
  const today = lakeDate(new Date(), config.timeZone);
  for (const day of await storedDays(config, "frames")) {
    if (day >= today || (await readFacts(config, day))) continue;
    await renderTimelapse(config, day).catch((error: unknown) =>
      log(`render: ${day}: failed: ${error instanceof Error ? error.message : error}`),
    );
  }
  await uploadPendingTimelapses(config);
  if (status) status.film = await filmOf(config, addDays(today, -1));
  await pruneOldDays(config, today);
}

export async function filmOf(
  config: BoxConfig,
  day: string,
): Promise<{ day: string; state: FilmState }> {
  if (await isRegistered(config, day)) return { day, state: "uploaded" };
  if (await readFacts(config, day)) return { day, state: "rendered" };
  const captured = (await storedDays(config, "frames")).includes(day);
  return { day, state: captured ? "failed" : "no_frames" };
}

export async function renderEveryNight(config: BoxConfig, status: BoxStatus, signal: AbortSignal) {
  while (!signal.aborted) {
    const at = nextRenderAt(config, new Date());
    log(
      `render: next run at ${config.renderAt} on ${config.timeZone}'s clock (${at.toISOString()})`,
    );
    await sleepUntil(at, signal);
    if (!signal.aborted) {
      await nightlyRun(config, status).catch((error: unknown) =>
        log(`nightly run failed: ${String(error)}`),
      );
    }
  }
}
