import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { preload } from "react-dom";
import { useLocation, useNavigate, useParams } from "react-router";
import { useListNews } from "#app/components/ui/list-news.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { type GalleryParams, galleryUrl, viewerPicture } from "#app/features/gallery/media.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { pageHydrated } from "#app/shell/page-hydrated.ts";
import { type GalleryPage, useGalleryPages } from "./use-gallery-pages.ts";

export type GalleryData = GalleryPage & {
  params: GalleryParams;
  featured: PublicMediaItem[];
  item: PublicMediaItem | null;
};

export type MediaCounts = Partial<Pick<PublicMediaItem, "views" | "likes">>;

/**
 * Counts only grow, and a shared page (ADR 019) may be a moment older than a like this visit
 * gave: an item shows the highest figures seen, and stays the same object when its own are.
 */
function withHighest(media: PublicMediaItem, seen: MediaCounts | undefined): PublicMediaItem {
  const views = Math.max(media.views, seen?.views ?? 0);
  const likes = Math.max(media.likes, seen?.likes ?? 0);
  return views === media.views && likes === media.likes ? media : { ...media, views, likes };
}

export function useGallery(data: GalleryData) {
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { params } = data;
  const galleryPath = localizePath("/gallery", locale);
  const pages = useGalleryPages(data, galleryPath, params);
  const { nextCursor, loading, failed, loadMore } = pages;
  // What the item view learned: its card shows it once closed, since closing reads no page again.
  const [counted, setCounted] = useState<Record<string, MediaCounts>>({});
  const recount = useCallback(
    (id: string, counts: MediaCounts) =>
      setCounted((known) => {
        const highest = { ...known[id] };
        for (const key of ["views", "likes"] as const) {
          const value = counts[key];
          if (value !== undefined && value > (highest[key] ?? -1)) highest[key] = value;
        }
        const same = highest.views === known[id]?.views && highest.likes === known[id]?.likes;
        return same ? known : { ...known, [id]: highest };
      }),
    [],
  );
  const withCounts = (list: PublicMediaItem[]) =>
    list.map((media) => withHighest(media, counted[media.id]));
  // Closing reads nothing (`close`): the item's read stays in the data, unshown.
  const read = useParams().id ? data.item : null;
  const readCounts = read ? counted[read.id] : undefined;
  const item = useMemo(() => read && withHighest(read, readCounts), [read, readCounts]);
  const featured = withCounts(data.featured);
  const items = withCounts(pages.items);

  const shown = [...featured, ...items];
  const open = (target: PublicMediaItem) =>
    navigate(
      { pathname: `${galleryPath}/${target.id}`, search },
      { replace: true, preventScrollReset: true },
    );
  const index = item ? shown.findIndex((i) => i.id === item.id) : -1;
  const previous = index > 0 ? shown[index - 1] : undefined;
  const next = index >= 0 ? shown[index + 1] : undefined;
  // Next on the last item read asks for the next page, then steps on to it. A layout effect: a
  // failure clears the wait before the page shows it, so a Next pressed at once waits anew.
  const [awaitingNext, setAwaitingNext] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!awaitingNext) return;
    if (awaitingNext !== item?.id || failed) setAwaitingNext(null);
    else if (next) {
      setAwaitingNext(null);
      open(next);
    }
  });

  // An opened item's picture is the largest paint: fetched before the viewer's code.
  if (item) {
    const { src, srcSet, sizes } = viewerPicture(item);
    preload(src, { as: "image", fetchPriority: "high", imageSrcSet: srcSet, imageSizes: sizes });
  }
  const largest = featured.length > 0 ? "featured" : "items";

  // Arrived on a shared item, the gallery behind it is drawn once it closes (ADR 018); not
  // useSyncExternalStore, whose server snapshot unlike the browser's re-renders the gallery.
  const [arrived, setArrived] = useState(() => Boolean(item) && !pageHydrated());
  if (!item && arrived) setArrived(false);

  const heading = useRef<HTMLHeadingElement>(null);
  const card = (id: string) =>
    document.querySelector<HTMLElement>(`main [data-media-id="${CSS.escape(id)}"]`);

  const { news, askedMore } = useListNews({
    list: galleryUrl(galleryPath, params),
    items,
    found: featured.length + items.length,
    nextCursor,
    focusItem: (id) => card(id)?.focus(),
  });

  return {
    item,
    featured,
    items,
    recount,
    nextCursor,
    loading,
    failed,
    news,
    heading,
    arrived,
    searched: Boolean(params.q) || params.type !== "all",
    showMore() {
      if (loading) return;
      askedMore();
      loadMore();
    },
    eager: (place: number, first: number) => !item && place < first,
    fetchPriority: (list: "featured" | "items", place: number) =>
      item ? ("low" as const) : list === largest && place === 0 ? ("high" as const) : undefined,
    previous: previous && (() => open(previous)),
    next: next
      ? () => open(next)
      : item && nextCursor
        ? () => {
            setAwaitingNext(item.id);
            loadMore();
          }
        : undefined,
    // The item's read brought this page too (one route): nothing to read again.
    close: () =>
      navigate(
        { pathname: galleryPath, search },
        { preventScrollReset: true, defaultShouldRevalidate: false },
      ),
    returnFocus: (id: string) => (card(id) ?? heading.current)?.focus(),
  };
}
