import { abortUploads } from "./abort-uploads.ts";
import { deleteRetiredFiles } from "./delete-retired-files.ts";
import { expireStills } from "./expire-stills.ts";
import { expireTimelapses } from "./expire-timelapses.ts";
import { purgeContactRecords } from "./purge-contact.ts";
import { purgeSessions } from "./purge-sessions.ts";
import { purgeStatisticsRecords } from "./purge-statistics.ts";
import { purgeVisitors } from "./purge-visitor-records.ts";
import { refreshWeather } from "./refresh-weather.ts";

export const cronJobs: Record<string, Array<(env: Env) => Promise<void>>> = {
  "*/10 * * * *": [
    refreshWeather,
    purgeVisitors,
    purgeSessions,
    purgeContactRecords,
    purgeStatisticsRecords,
    abortUploads,
    expireTimelapses,
    expireStills,
    deleteRetiredFiles,
  ],
};

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const jobs = cronJobs[controller.cron];
  if (!jobs) {
    console.warn(`cron: no jobs for trigger "${controller.cron}"`);
    return;
  }
  const results = await Promise.allSettled(jobs.map((job) => job(env)));
  for (const result of results) {
    if (result.status === "rejected") console.error("cron: job failed", result.reason);
  }
}
