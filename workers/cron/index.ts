import { expireStills } from "#app/.server/archive/manage-stills.ts";
import { backfillPublicStills, removeRetiredStills } from "#app/.server/archive/public-stills.ts";
import { purgeExpiredSessions } from "#app/.server/auth/session.ts";
import { purgeContactRecords } from "#app/.server/contact/purge-records.ts";
import { createWorkerScope, type WorkerScope } from "#app/.server/context.ts";
import { runDescribeJobs } from "#app/.server/describe/describe-jobs.ts";
import { deleteDueRetiredFiles } from "#app/.server/gallery/retired-files.ts";
import { sendQueuedPurges } from "#app/.server/media-host/cache-purge.ts";
import { backfillPublicFiles } from "#app/.server/media-host/public-files.ts";
import { purgeEarlierDays } from "#app/.server/pseudonyms/visitor-id.ts";
import { purgeStatistics } from "#app/.server/statistics/counts.ts";
import { expireTimelapses } from "#app/.server/timelapse/expire-timelapses.ts";
import { aiModel } from "#app/.server/translate/model.ts";
import { abortStaleUploads } from "#app/.server/uploads/upload-store.ts";
import { countInvocation, countUsageWhenDue, purgeUsageDays } from "#app/.server/usage-days.ts";
import { newUsageMeter, usageTiming } from "#app/.server/usage-meter.ts";
import { refreshDueSources } from "#app/.server/weather/refresh.ts";

type Job = (scope: WorkerScope) => Promise<unknown>;

/** Each trigger of wrangler.jsonc and its jobs by name, each a call into its feature's domain. */
const cronJobs: Record<string, Record<string, Job>> = {
  "*/10 * * * *": {
    "refresh-weather": ({ db, config }) => refreshDueSources(db, config),
    "purge-visitor-records": ({ db }) => purgeEarlierDays(db),
    "purge-sessions": ({ db }) => purgeExpiredSessions(db),
    "purge-contact": ({ db }) => purgeContactRecords(db),
    "purge-statistics": ({ db }) => purgeStatistics(db),
    "purge-usage-days": ({ db }) => purgeUsageDays(db),
    "abort-uploads": ({ db, env }) => abortStaleUploads(db, env.MEDIA),
    "expire-timelapses": (scope) => expireTimelapses(scope, scope.config.TIMELAPSE_RETENTION_DAYS),
    "expire-stills": (scope) => expireStills(scope, scope.config.STILL_RETENTION_DAYS),
    "remove-retired-stills": (scope) => removeRetiredStills(scope),
    "delete-retired-files": (scope) => deleteDueRetiredFiles(scope),
    "purge-cache": (scope) => sendQueuedPurges(scope),
    "backfill-public-files": (scope) => backfillPublicFiles(scope),
    "backfill-public-stills": (scope) => backfillPublicStills(scope),
    "describe-pictures": ({ db, env, config }) =>
      runDescribeJobs(db, env.MEDIA, aiModel(env, config), {
        cap: config.DESCRIBE_DAILY_CAP,
        cameraLocation: config.CAMERA_LOCATION,
      }),
  },
};

export async function runScheduled(
  controller: ScheduledController,
  env: Env,
  ctx: ExecutionContext,
): Promise<void> {
  const jobs = cronJobs[controller.cron];
  if (!jobs) {
    console.warn(`cron: no jobs for trigger "${controller.cron}"`);
    return;
  }
  // A run is an invocation like a request: counted with its D1 rows in the owner's budget.
  const day = countInvocation();
  const costs = await Promise.all(
    Object.entries(jobs).map(async ([name, job]) => {
      const used = newUsageMeter();
      try {
        await job(createWorkerScope(env, ctx, [day, used]));
      } catch (error) {
        console.error(`cron: ${name} failed`, error);
      }
      return `${name} ${usageTiming(used)}`;
    }),
  );
  await countUsageWhenDue(createWorkerScope(env, ctx, [day]).db);
  // What each job costs, as a response's Server-Timing says it (bench/visit-cost.ts reads it).
  console.log(`cron: ${costs.join("; ")}`);
}
