import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { data, useLocation, useNavigate } from "react-router";
import { requestScope } from "#app/.server/context.ts";
import { loadGalleryItem, loadGalleryPage } from "#app/.server/gallery/gallery-page.ts";
import { MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { ArchiveLink } from "#app/components/archive/archive-link.tsx";
import { GalleryFilters } from "#app/components/gallery/gallery-filters.tsx";
import { GalleryEmpty, TimelapsePlaceholder } from "#app/components/gallery/gallery-states.tsx";
import { MediaCard } from "#app/components/gallery/media-card.tsx";
import { type PageUnread, useGalleryPages } from "#app/components/gallery/use-gallery-pages.ts";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { ListNews, useListNews } from "#app/components/ui/list-news.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { galleryUrl, type PublicMediaItem, viewerPicture } from "#app/features/gallery/media.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { pageHydrated } from "#app/shell/page-hydrated.ts";
import { useRootData } from "#app/shell/root-data.ts";
import type { Route } from "./+types/gallery";

const loadViewer = () => import("#app/components/gallery/media-viewer.tsx");
const MediaViewer = lazy(loadViewer);
// Arrived on an item, the viewer sent open from the server works only once its code is here:
// fetch it beside the page's own modules, not when hydration reaches it a round trip later.
if (typeof document !== "undefined" && /\/gallery\/[^/]+$/.test(location.pathname)) {
  void loadViewer();
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, locale } = context.get(requestScope);
  const [page, item] = await Promise.all([
    loadGalleryPage(db, new URL(request.url), locale),
    params.id
      ? MEDIA_ID_PATTERN.test(params.id)
        ? loadGalleryItem(db, params.id, locale)
        : null
      : undefined,
  ]);
  if (item === null) throw data(null, { status: 404 });
  return { ...page, item: item ?? null };
}

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  // A failed "Show more" read answers `{ unread: true }`: the gallery stays instead of erroring.
  async ({ request }, next) => {
    const results = await next();
    const reads = Object.entries(results);
    // A fetcher reads its own route only; a navigation reads the root too.
    if (!new URL(request.url).searchParams.has("cursor") || reads.length !== 1) return results;
    const unread: PageUnread = { unread: true };
    return Object.fromEntries(
      reads.map(([route, read]) => [
        route,
        read.type === "error" ? { type: "data", result: unread } : read,
      ]),
    );
  },
];

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { site } = useRootData();
  const { params, featured, item } = loaderData;
  const location = site.cameraLocation;
  const galleryPath = localizePath("/gallery", locale);
  const { items, nextCursor, loading, failed, loadMore } = useGalleryPages(
    loaderData,
    galleryPath,
    params,
  );

  // The viewer steps through the page in the order it shows: featured row, then grid.
  const shown = [...featured, ...items];
  const open = (target: PublicMediaItem) =>
    navigate(
      { pathname: `${galleryPath}/${target.id}`, search },
      { replace: true, preventScrollReset: true },
    );
  const index = item ? shown.findIndex((i) => i.id === item.id) : -1;
  const previous = index > 0 ? shown[index - 1] : undefined;
  const next = index >= 0 ? shown[index + 1] : undefined;
  // Next on the last item read so far asks for the next page, then steps on to it.
  const [awaitingNext, setAwaitingNext] = useState<string | null>(null);
  useEffect(() => {
    if (!awaitingNext) return;
    if (awaitingNext !== item?.id || failed) setAwaitingNext(null);
    else if (next) {
      setAwaitingNext(null);
      open(next);
    }
  });
  const stepOn = next
    ? () => open(next)
    : item && nextCursor
      ? () => {
          setAwaitingNext(item.id);
          loadMore();
        }
      : undefined;

  // An opened item's picture is the page's largest paint: fetch it before the viewer's code,
  // and the pictures behind it after it (none eager, so none preloaded beside it).
  if (item) {
    const { src, srcSet, sizes } = viewerPicture(item);
    preload(src, { as: "image", fetchPriority: "high", imageSrcSet: srcSet, imageSizes: sizes });
  }
  const eager = (place: number, first: number) => !item && place < first;
  // The first picture is the largest paint, unless an opened item covers the gallery: then the
  // pictures behind it wait for its own.
  const largest = featured.length > 0 ? "featured" : "items";
  const priority = (list: "featured" | "items", place: number) =>
    item ? "low" : list === largest && place === 0 ? "high" : undefined;

  // A visitor who arrives on a shared item (the server's page, not a link followed in the
  // browser) sees that item until they close it: the gallery behind it is drawn then, from data
  // already in hand, so the item's page does not pay for the grid's markup, layout and hydration
  // under the viewer; and a film waits for Play. Opened from the gallery, the grid stays and a
  // film plays at once.
  // (Not useSyncExternalStore: a server snapshot unlike the browser's re-renders the whole
  // gallery right after hydration.)
  const [arrived, setArrived] = useState(() => Boolean(item) && !pageHydrated());
  if (!item && arrived) setArrived(false);

  // Closing the viewer hands the focus back to the card of the item that was open (after
  // stepping, the one shown last), as a dialog returns it to what opened it. A visitor who
  // arrived on the item gets its card too, once the gallery is drawn. When the list shows no
  // such card (another filter, a page not read yet), the focus goes to the page's heading: the
  // top of what is now on screen, so the next Tab goes through the filters and the grid in
  // order; the grid's first card would skip the filters and stand for an item never opened.
  const heading = useRef<HTMLHeadingElement>(null);
  const card = (id: string) =>
    document.querySelector<HTMLElement>(`main [data-media-id="${CSS.escape(id)}"]`);
  const returnFocus = (id: string) => (card(id) ?? heading.current)?.focus();

  const { news, askedMore } = useListNews({
    list: galleryUrl(galleryPath, params),
    items,
    found: featured.length + items.length,
    nextCursor,
    focusItem: (id) => card(id)?.focus(),
  });

  const hasFilters = Boolean(params.q) || params.type !== "all";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta
        title={item ? item.title : t`Gallery`}
        description={item?.description || t`Photos, videos and daily time-lapses of Lake Garda.`}
        image={item ? new URL(item.thumbnailUrl, site.siteUrl).href : undefined}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl"
        >
          {t`Gallery`}
        </h1>
        {/* The other way into the camera's pictures: one every ten minutes, by day and time. */}
        <ArchiveLink />
      </div>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {t`Photos, videos and a time-lapse of every day, from the harbour of ${location}.`}
      </p>
      <GalleryFilters params={params} />

      {!arrived && featured.length > 0 ? (
        <section aria-labelledby="featured-title" className="mt-8">
          <h2 id="featured-title" className="text-xl font-semibold">{t`Featured`}</h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {featured.map((media, i) => (
              <MediaCard
                key={media.id}
                item={media}
                eager={eager(i, 1)}
                fetchPriority={priority("featured", i)}
                renderedAt={loaderData.renderedAt}
                large
              />
            ))}
          </ul>
        </section>
      ) : null}

      {!arrived ? (
        <section aria-labelledby="all-media-title" className="mt-10">
          <h2 id="all-media-title" className="sr-only">{t`All media`}</h2>
          {items.length + featured.length === 0 ? (
            <GalleryEmpty searched={hasFilters} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {loaderData.yesterdaysTimelapse !== "arrived" ? (
                <TimelapsePlaceholder state={loaderData.yesterdaysTimelapse} />
              ) : null}
              {items.map((media, i) => (
                <MediaCard
                  key={media.id}
                  item={media}
                  eager={featured.length === 0 && eager(i, 4)}
                  fetchPriority={priority("items", i)}
                  renderedAt={loaderData.renderedAt}
                />
              ))}
            </ul>
          )}
          <div className={`flex flex-col items-center gap-2 ${nextCursor ? "mt-8" : ""}`}>
            {nextCursor ? (
              // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
              <button
                type="button"
                aria-disabled={loading}
                onClick={() => {
                  if (loading) return;
                  askedMore();
                  loadMore();
                }}
                className="rounded-full border border-primary-700 px-5 py-2.5 font-medium hover:bg-primary-50 aria-disabled:opacity-60 dark:hover:bg-neutral-900"
              >
                {loading ? t`Loading…` : t`Show more`}
              </button>
            ) : null}
            <ListNews news={news} className="text-sm text-error-800 dark:text-error-100">
              {failed ? t`Could not load more photos and videos. Please try again.` : null}
            </ListNews>
          </div>
        </section>
      ) : null}

      {item ? (
        <Suspense fallback={null}>
          <MediaViewer
            item={item}
            autoPlay={!arrived}
            onClose={() =>
              navigate({ pathname: galleryPath, search }, { preventScrollReset: true })
            }
            returnFocus={() => returnFocus(item.id)}
            onPrevious={previous ? () => open(previous) : undefined}
            onNext={stepOn}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
