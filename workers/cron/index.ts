import { abortUploads } from "./abort-uploads";
import { expireStills } from "./expire-stills";
import { expireTimelapses } from "./expire-timelapses";
import { purgeAnalyticsRecords } from "./purge-analytics";
import { purgeContactRecords } from "./purge-contact";
import { purgeSessions } from "./purge-sessions";
import { purgeVisitors } from "./purge-visitor-records";
import { deleteRetiredFiles } from "./retired-files";
import { refreshWeather } from "./weather";

export const cronJobs: Record<string, Array<(env: Env) => Promise<void>>> = {
  "*/10 * * * *": [
    refreshWeather,
    purgeVisitors,
    purgeSessions,
    purgeContactRecords,
    purgeAnalyticsRecords,
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
