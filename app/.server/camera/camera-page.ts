import { newestStill } from "#app/.server/archive/still-picture.ts";
import type { RequestScope } from "#app/.server/context.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { readCameraAlertSettings } from "#app/.server/settings.ts";
import type { CameraPageData } from "#app/features/camera/camera-overview.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { cameraFacts } from "./camera-facts.ts";

export async function readCameraPage(scope: RequestScope, now: number): Promise<CameraPageData> {
  const { env, config, db } = scope;
  const timelapseDay = addDays(lakeDate(now), -1);
  const [overview, still, facts, settings] = await Promise.all([
    env.CAMERA_STREAM.getByName(config.CAMERA_DEVICE_ID).overview(),
    newestStill(db, mediaBase(config)),
    cameraFacts(db, timelapseDay),
    readCameraAlertSettings(db),
  ]);
  return {
    now,
    overview,
    still,
    timelapseDay,
    timelapse: facts.timelapse && {
      id: facts.timelapse.id,
      durationSeconds: facts.timelapse.durationSeconds,
    },
    ...settings,
    offlineAlertMinutes: config.CAMERA_OFFLINE_ALERT_MINUTES,
  };
}
