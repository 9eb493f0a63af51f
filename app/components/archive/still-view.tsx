// catalog: archive

import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useRef, useState } from "react";
import { loadZoomViewer } from "#app/components/ui/load-zoom-viewer.ts";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { ConditionIcon, conditionLabels } from "#app/components/weather/condition.tsx";
import { type ArchivePage, type ArchiveStill, stillImage } from "#app/features/archive/stills.ts";
import { formatNumber, formatTime } from "#app/lib/format.ts";
import MagnifyIcon from "~icons/mdi/magnify-plus-outline";
import StarIcon from "~icons/mdi/star";
import { formatArchiveDay } from "./archive-format.ts";
import { PickBadges } from "./day-picks.tsx";

// Across the page's column: at most 84rem, less its padding.
const viewSizes = "(min-width: 84rem) 82rem, calc(100vw - 2rem)";

const ZoomViewer = lazy(loadZoomViewer);
const preloadViewer = () => void loadZoomViewer().catch(() => undefined);

export function StillView({
  still,
  day,
  picks,
}: {
  still: ArchiveStill;
  day: string;
  picks: ArchivePage["picks"];
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const time = formatTime(locale, still.takenAt);
  const date = formatArchiveDay(locale, day);
  const unit = (value: number, unit: string) =>
    formatNumber(locale, value, { style: "unit", unit, maximumFractionDigits: 0 });
  const image = useRef<HTMLImageElement>(null);
  const [zoomFrom, setZoomFrom] = useState<string | null>(null);
  const { weather, text } = still;
  const alt = text?.alt ?? t`Lake Garda on ${date} at ${time}`;
  return (
    <>
      <figure>
        <img
          ref={image}
          key={still.id}
          {...stillImage(still)}
          sizes={viewSizes}
          alt={alt}
          fetchPriority="high"
          decoding="async"
          className="aspect-video h-auto w-full rounded-xl bg-neutral-200 object-cover dark:bg-neutral-800"
        />
        <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="text-lg font-semibold">
            <time dateTime={still.takenAt}>{t`${date}, ${time}`}</time>
          </span>
          {still.bestOf ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-warning-100 px-2.5 py-0.5 text-sm font-medium text-warning-900 dark:bg-warning-900 dark:text-warning-100">
              <StarIcon aria-hidden="true" className="size-4" />
              {t`Best of`}
            </span>
          ) : null}
          <PickBadges still={still} picks={picks} />
          <button
            type="button"
            onPointerEnter={preloadViewer}
            onFocus={preloadViewer}
            onClick={() => setZoomFrom(image.current?.currentSrc || still.url)}
            className="ml-auto inline-flex min-h-11 items-center gap-1 rounded-lg border border-neutral-300 px-3 py-2 text-sm font-medium hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800"
          >
            <MagnifyIcon aria-hidden="true" className="size-5" />
            {t`Zoom`}
          </button>
        </figcaption>
      </figure>
      {text && <p className="mt-2 text-neutral-700 dark:text-neutral-300">{text.line}</p>}
      {zoomFrom ? (
        <Suspense fallback={null}>
          <ZoomViewer
            picture={{
              shown: zoomFrom,
              full: still.url,
              width: still.width,
              height: still.height,
              alt,
              sheet: still.sheet,
            }}
            onClose={() => setZoomFrom(null)}
          />
        </Suspense>
      ) : null}
      {/* The caption names the moment; its weather follows the figure (a caption comes first or last). */}
      {weather ? (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-neutral-700 dark:text-neutral-300">
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t`Weather`}</dt>
            <dd className="flex items-center gap-2">
              <ConditionIcon
                condition={weather.condition}
                isDay={weather.isDay}
                className="size-6"
              />
              {i18n._(conditionLabels[weather.condition])}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{t`Air`}</dt>
            <dd className="font-medium">{unit(weather.temperature, "celsius")}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{t`Wind`}</dt>
            <dd className="font-medium">{unit(weather.windSpeed, "kilometer-per-hour")}</dd>
          </div>
          {weather.waterTemperature !== null ? (
            <div className="flex gap-1">
              <dt>{t`Water`}</dt>
              <dd className="font-medium">{unit(weather.waterTemperature, "celsius")}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
          {t`No weather was recorded for this moment.`}
        </p>
      )}
    </>
  );
}
