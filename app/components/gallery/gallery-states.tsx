// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import GalleryIcon from "~icons/mdi/image-multiple-outline";
import SearchOffIcon from "~icons/mdi/image-search-outline";
import TimelapseIcon from "~icons/mdi/timelapse";

export function GalleryEmpty({ searched }: { searched: boolean }) {
  const { t } = useLingui();
  const Icon = searched ? SearchOffIcon : GalleryIcon;
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 p-12 text-center dark:border-neutral-700">
      <Icon className="mx-auto size-12 text-neutral-400" />
      <p className="mt-4 text-lg font-medium">
        {searched ? t`No results found` : t`More content coming soon`}
      </p>
      <p className="mt-2 text-neutral-600 dark:text-neutral-400">
        {searched
          ? t`Try other terms or another category.`
          : t`Photos, videos and the daily time-lapse will appear here shortly.`}
      </p>
    </div>
  );
}

export function TimelapsePlaceholder({ state }: { state: "rendering" | "late" }) {
  const { t } = useLingui();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-dashed border-neutral-300 dark:border-neutral-700">
      <div className="flex aspect-video items-center justify-center bg-neutral-100 dark:bg-neutral-900">
        <TimelapseIcon className="size-12 text-neutral-400" />
      </div>
      <div className="p-3">
        <p className="flex items-center gap-2 text-sm font-medium">
          {t`Yesterday's time-lapse`}
          <span className="rounded-full bg-info-100 px-2 py-0.5 text-xs font-semibold text-info-900">
            {state === "rendering" ? t`Coming soon` : t`Delayed`}
          </span>
        </p>
        <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
          {state === "rendering"
            ? t`Rendered overnight in 1080p: the day's last hours of daylight, up to dusk, in a few minutes.`
            : t`Last night's film has not arrived yet. It appears here as soon as the camera delivers it.`}
        </p>
      </div>
    </li>
  );
}
