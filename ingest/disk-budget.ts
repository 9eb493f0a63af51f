import { rm, statfs } from "node:fs/promises";
import { join } from "node:path";
import { addDays } from "#time/calendar-day.ts";
import type { BoxConfig } from "./config.ts";
import { ensureDir, storedDays } from "./day-store.ts";
import { log } from "./log.ts";

type Budget = Pick<
  BoxConfig,
  "dataDir" | "minFreeMiB" | "frameRetentionDays" | "filmRetentionDays"
>;

async function freeMiB(config: Pick<BoxConfig, "dataDir">): Promise<number> {
  await ensureDir(config.dataDir);
  const stats = await statfs(config.dataDir);
  return (stats.bavail * stats.bsize) / (1024 * 1024);
}

/** The live stream works in RAM and never asks. */
export async function hasRoom(config: Budget): Promise<boolean> {
  return (await freeMiB(config)) >= config.minFreeMiB;
}

/** Uploaded or not: a Worker unreachable for days must not fill the card. */
export async function pruneOldDays(config: Budget, today: string) {
  const plan = [
    ["frames", addDays(today, -config.frameRetentionDays)],
    ["films", addDays(today, -config.filmRetentionDays)],
  ] as const;
  for (const [kind, cutoff] of plan) {
    for (const day of await storedDays(config, kind)) {
      if (day >= cutoff) continue;
      await rm(join(config.dataDir, kind, day), { recursive: true, force: true });
      log(
        `disk: removed the ${kind} of ${day} (kept ${kind === "frames" ? config.frameRetentionDays : config.filmRetentionDays} days)`,
      );
    }
  }
}
