// catalog: gallery

import { useLingui } from "@lingui/react/macro";
import { Dialog } from "radix-ui";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { reportEvent } from "#app/components/statistics/report-usage.ts";
import { loadZoomViewer } from "#app/components/ui/load-zoom-viewer.ts";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { ZoomPicture } from "#app/components/ui/zoom-viewer.tsx";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { versionWidth, viewerPicture } from "#app/features/gallery/media.ts";
import { arrowStep } from "#app/lib/arrow-keys.ts";
import { formatDate } from "#app/lib/format.ts";
import ChevronLeftIcon from "~icons/heroicons/chevron-left";
import ChevronRightIcon from "~icons/heroicons/chevron-right";
import CloseIcon from "~icons/heroicons/x-mark";
import MagnifyIcon from "~icons/mdi/magnify-plus-outline";
import { LikeButton } from "./like-button.tsx";
import type { MediaCounts } from "./use-gallery.ts";
import { VideoPlayer } from "./video-player.tsx";
import { ViewCount } from "./view-count.tsx";

const ZoomViewer = lazy(loadZoomViewer);
const preloadZoom = () => void loadZoomViewer().catch(() => undefined);

/** From what the page shows; with a sheet past it, its tiles instead of the whole web version. */
function zoomPicture(item: PublicMediaItem, shown: HTMLImageElement | null): ZoomPicture {
  const src = shown?.currentSrc || item.fileUrl;
  const { width, height, title: alt, sheet } = item;
  // Not naturalWidth: with `srcset` it is the picture's CSS width, not its file's.
  const shownWidth = versionWidth(item, src);
  if (!sheet || shownWidth === 0 || shownWidth >= sheet.index.width) {
    return { shown: src, full: item.fileUrl, width, height, alt };
  }
  return { shown: src, full: src, width: shownWidth, height, alt, sheet };
}

export default function MediaViewer({
  item,
  autoPlay,
  onClose,
  onCounts,
  returnFocus,
  onPrevious,
  onNext,
}: {
  item: PublicMediaItem;
  autoPlay: boolean;
  onClose: () => void;
  /** What the item's own read and its like say of its counts: its card shows them too. */
  onCounts?: (id: string, counts: MediaCounts) => void;
  // No Dialog.Trigger: Radix alone would leave the focus on the body.
  returnFocus: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  // Radix names the dialog only once hydrated; a shared item's viewer shows before that.
  const titleId = useId();
  const descriptionId = useId();

  // A screen reader does not read a changed title: once stepped, the status region says it.
  const [openedOn] = useState(item.id);
  const [stepped, setStepped] = useState(false);
  if (!stepped && item.id !== openedOn) setStepped(true);

  // Its own read counted its view (ADR 014); its card shows what the read found.
  useEffect(() => onCounts?.(item.id, { views: item.views, likes: item.likes }), [item, onCounts]);

  const played = useRef<string | null>(null);
  const onPlay = () => {
    if (item.type !== "timelapse" || played.current === item.id) return;
    played.current = item.id;
    reportEvent("timelapse_play");
  };

  const picture = useRef<HTMLImageElement>(null);
  const zoomButton = useRef<HTMLButtonElement>(null);
  const [zoomFrom, setZoomFrom] = useState<ZoomPicture | null>(null);
  // The zoom's modal dialog makes the button inert: it takes the focus once the dialog is gone.
  const closeZoom = () => {
    flushSync(() => setZoomFrom(null));
    zoomButton.current?.focus();
  };

  // On the document: focus may have left the dialog. While zoomed, the arrows move the picture.
  useEffect(() => {
    if (zoomFrom) return;
    const onKey = (event: KeyboardEvent) => {
      const step = arrowStep(event);
      const go = step === "prev" ? onPrevious : step === "next" ? onNext : undefined;
      if (!go) return;
      event.preventDefault();
      go();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onPrevious, onNext, zoomFrom]);

  const steps = [
    { go: onPrevious, label: t`Previous`, Icon: ChevronLeftIcon, side: "left-2" },
    { go: onNext, label: t`Next`, Icon: ChevronRightIcon, side: "right-2" },
  ];
  const navButton =
    "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-neutral-950/60 p-2 text-white hover:bg-neutral-950/80 max-sm:p-2.5";
  return (
    // No portal, which renders only in the browser: the server sends the open viewer (ADR 018).
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-neutral-950/80" />
      <Dialog.Content
        aria-labelledby={titleId}
        // Escape closes the zoom first, then the viewer.
        onEscapeKeyDown={(event) => {
          if (!zoomFrom) return;
          event.preventDefault();
          closeZoom();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
        className="fixed inset-2 z-50 m-auto flex h-fit max-h-[calc(100dvh-1rem)] max-w-5xl flex-col overflow-auto rounded-xl bg-white shadow-2xl sm:inset-6 dark:bg-neutral-900"
      >
        <p role="status" className="sr-only">
          {stepped ? <span key={item.id}>{item.title}</span> : null}
        </p>
        <div className="relative bg-neutral-950">
          {item.type === "image" ? (
            <img
              ref={picture}
              {...viewerPicture(item)}
              width={item.width}
              height={item.height}
              alt={item.alt || item.title}
              fetchPriority="high"
              // Its box before the picture arrives, not a strip that grows.
              style={{ width: `min(100%, 70dvh * ${item.width / item.height})` }}
              className="mx-auto max-h-[70dvh] object-contain"
            />
          ) : (
            <VideoPlayer
              key={item.id}
              item={item}
              autoPlay={autoPlay}
              onPlay={onPlay}
              describedBy={descriptionId}
            />
          )}
          {steps.map(({ go, label, Icon, side }) =>
            go ? (
              <button
                key={side}
                type="button"
                onClick={go}
                className={`${navButton} ${side}`}
                aria-label={label}
              >
                <Icon className="size-6" />
              </button>
            ) : null,
          )}
        </div>
        <div className="flex flex-wrap items-start gap-3 p-4">
          <div className="min-w-0 flex-1 max-sm:basis-full">
            <Dialog.Title id={titleId} className="text-lg font-semibold break-words">
              {item.title}
            </Dialog.Title>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              {formatDate(locale, item.takenAt)}
              {item.source ? ` · ${item.source}` : ""}
            </p>
            <Dialog.Description className={item.description ? "mt-2" : "sr-only"}>
              {/* Its own id: Radix names the dialog's description by the paragraph's. */}
              <span id={descriptionId}>{item.description || item.title}</span>
            </Dialog.Description>
            {item.tags.length > 0 ? (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t`Tags`}>
                {item.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs dark:bg-neutral-800"
                  >
                    #{tag}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {item.type === "image" ? (
            <button
              ref={zoomButton}
              type="button"
              onPointerEnter={preloadZoom}
              onFocus={preloadZoom}
              onClick={() => setZoomFrom(zoomPicture(item, picture.current))}
              className="inline-flex items-center justify-center gap-1 rounded-full px-2 py-1 text-sm font-medium hover:bg-neutral-100 max-sm:min-h-11 max-sm:min-w-11 dark:hover:bg-neutral-800"
            >
              <MagnifyIcon aria-hidden="true" className="size-5" />
              {t`Zoom`}
            </button>
          ) : null}
          <ViewCount views={item.views} />
          <LikeButton
            id={item.id}
            likes={item.likes}
            onLiked={(likes) => onCounts?.(item.id, { likes })}
          />
          <Dialog.Close
            className="rounded-full p-1 hover:bg-neutral-100 max-sm:p-2.5 dark:hover:bg-neutral-800"
            aria-label={t`Close`}
          >
            <CloseIcon className="size-6" />
          </Dialog.Close>
        </div>
        {zoomFrom ? (
          <Suspense fallback={null}>
            <ZoomViewer picture={zoomFrom} onClose={closeZoom} />
          </Suspense>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
