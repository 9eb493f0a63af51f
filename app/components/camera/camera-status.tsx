// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { LocalizedLink, useLocale } from "#app/components/ui/localized-link.tsx";
import { stillImage } from "#app/features/archive/stills.ts";
import { type CameraPageData, STILL_LATE_MINUTES } from "#app/features/camera/camera-overview.ts";
import { formatAge, formatDateTime, formatDay, formatNumber } from "#app/lib/format.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { Warning } from "./warning.tsx";

const card = "rounded-xl border border-neutral-200 p-4 dark:border-neutral-800";

export function CameraStatus({ page }: { page: CameraPageData }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { presence } = page.overview;
  const { now, still, timelapse, timelapseDay } = page;
  const since = presence.since === null ? "" : formatDateTime(locale, presence.since);
  const reason = presence.online
    ? null
    : {
        no_box: t`the box is not connected.`,
        camera: t`the box is connected, but the camera does not answer it.`,
        contested: t`two boxes with the same key keep taking the connection from each other.`,
      }[presence.why];
  const stillAge = still ? now - Date.parse(still.takenAt) : null;
  const film = page.overview.health?.report.film;
  const boxSays = film?.day === timelapseDay ? film.state : null;
  const day = formatDay(locale, timelapseDay);

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className={card}>
        <h3 className="font-semibold">{t`Status`}</h3>
        <p className="mt-2 flex items-center gap-2 text-lg font-medium">
          <span
            aria-hidden="true"
            className={`size-3 rounded-full ${presence.online ? "bg-success-600" : "bg-error-600"}`}
          />
          {presence.online
            ? t`Online since ${since}`
            : presence.since === null
              ? t`No camera box has connected yet`
              : t`Offline since ${since}`}
        </p>
        {reason && presence.since !== null && (
          <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{t`Offline: ${reason}`}</p>
        )}
      </div>

      <div className={card}>
        <h3 className="font-semibold">{t`Newest still`}</h3>
        {still && stillAge !== null ? (
          <figure className="mt-2">
            <img
              {...stillImage(still)}
              sizes="(min-width: 768px) 20rem, 100vw"
              alt={t`The newest still, taken ${formatDateTime(locale, still.takenAt)}`}
              className="aspect-video w-full rounded-md object-cover"
            />
            <figcaption className="mt-2 text-sm">
              {formatDateTime(locale, still.takenAt)} ({formatAge(locale, stillAge)})
            </figcaption>
            {stillAge > STILL_LATE_MINUTES * MINUTE_MS && (
              <Warning>{t`That is long ago: by day the box sends one every ten minutes.`}</Warning>
            )}
          </figure>
        ) : (
          <p className="mt-2 text-sm">{t`There is no still in the archive yet.`}</p>
        )}
      </div>

      <div className={card}>
        <h3 className="font-semibold">{t`Last night's time-lapse`}</h3>
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{day}</p>
        {timelapse ? (
          <p className="mt-2">
            {timelapse.durationSeconds === null
              ? t`Uploaded.`
              : t`Uploaded: ${formatNumber(locale, Math.round(timelapse.durationSeconds))} seconds.`}{" "}
            <LocalizedLink
              to={`/gallery/${timelapse.id}`}
              className="inline-flex min-h-11 items-center text-primary-800 underline hover:no-underline dark:text-primary-300"
            >
              {t`Watch it in the gallery`}
            </LocalizedLink>
          </p>
        ) : (
          <Warning>
            {boxSays === "rendered"
              ? t`Rendered, waiting to be uploaded.`
              : boxSays === "failed"
                ? t`Missing: the box could not render it (its log says why).`
                : boxSays === "no_frames"
                  ? t`Missing: the box captured no frames that day.`
                  : t`Missing: the box has not reported on that night.`}
          </Warning>
        )}
      </div>
    </div>
  );
}
