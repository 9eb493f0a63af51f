// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { TimelapseLabel } from "#app/components/timelapse/timelapse-label.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { photoSrcSet } from "#app/features/gallery/media.ts";
import { localizePath } from "#app/i18n/locales.ts";
import PlayIcon from "~icons/mdi/play-circle";
import TimelapseIcon from "~icons/mdi/timelapse";
import { LikeButton } from "./like-button.tsx";
import { ViewCount } from "./view-count.tsx";

// The slots: a 70rem column, the featured row in two from md, the grid two from sm, four from lg.
const featuredSizes =
  "(min-width: 72rem) 34.5rem, (min-width: 48rem) calc(50vw - 1.5rem), calc(100vw - 2rem)";
const gridSizes =
  "(min-width: 72rem) 16.75rem, (min-width: 64rem) calc(25vw - 1.25rem), (min-width: 40rem) calc(50vw - 1.5rem), calc(100vw - 2rem)";

export function MediaCard({
  item,
  eager = false,
  fetchPriority,
  renderedAt,
  large = false,
}: {
  item: PublicMediaItem;
  eager?: boolean;
  fetchPriority?: "high" | "low";
  renderedAt: number;
  large?: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { search } = useLocation();
  const playable = item.type !== "image";
  const title = item.title;
  const srcSet = playable ? undefined : photoSrcSet(item);
  return (
    <li className="group overflow-hidden rounded-xl border border-neutral-200 bg-white [contain-intrinsic-size:auto_20rem] [content-visibility:auto] dark:border-neutral-800 dark:bg-neutral-900">
      <Link
        to={{ pathname: localizePath(`/gallery/${item.id}`, locale), search }}
        preventScrollReset
        data-media-id={item.id}
        // The card clips outside it: the focus ring is drawn inside.
        className="relative block aspect-video overflow-hidden bg-neutral-200 focus-visible:-outline-offset-4 focus-visible:outline-4 dark:bg-neutral-800"
      >
        <span className="sr-only">{playable ? t`Play: ${title}` : t`View: ${title}`}</span>
        <img
          src={item.thumbnailUrl}
          srcSet={srcSet}
          sizes={srcSet && (large ? featuredSizes : gridSizes)}
          width={480}
          height={270}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={fetchPriority}
          decoding="async"
          alt=""
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {playable ? (
          <span className="absolute inset-0 flex items-center justify-center">
            <PlayIcon className="size-14 text-white/90 drop-shadow" />
          </span>
        ) : null}
        {item.type === "timelapse" && item.durationSeconds ? (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-neutral-950/75 px-2 py-0.5 text-xs font-medium text-white">
            <TimelapseIcon className="size-3.5" />
            <TimelapseLabel
              takenAt={item.takenAt}
              durationSeconds={item.durationSeconds}
              renderedAt={renderedAt}
            />
          </span>
        ) : null}
      </Link>
      <div className="flex flex-wrap items-start gap-2 p-3">
        <h3
          className="line-clamp-2 min-w-0 flex-1 py-1 text-sm font-medium break-words"
          title={item.title}
        >
          {item.title}
        </h3>
        <ViewCount views={item.views} />
        <LikeButton id={item.id} likes={item.likes} />
      </div>
    </li>
  );
}
