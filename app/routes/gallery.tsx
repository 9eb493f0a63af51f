import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { requestScope } from "#app/.server/context.ts";
import { loadGalleryItem, loadGalleryPage } from "#app/.server/gallery/gallery-page.ts";
import { MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { jsonLd, mediaItemObject, siteOf } from "#app/.server/structured-data.ts";
import { ArchiveLink } from "#app/components/archive/archive-link.tsx";
import { GalleryFilters } from "#app/components/gallery/gallery-filters.tsx";
import { GalleryEmpty, TimelapsePlaceholder } from "#app/components/gallery/gallery-states.tsx";
import { MediaCard } from "#app/components/gallery/media-card.tsx";
import { useGallery } from "#app/components/gallery/use-gallery.ts";
import type { PageUnread } from "#app/components/gallery/use-gallery-pages.ts";
import { JsonLd } from "#app/components/shell/json-ld.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { ListNews } from "#app/components/ui/list-news.tsx";
import { itemShareImage } from "#app/features/gallery/media.ts";
import { useRootData } from "#app/shell/root-data.ts";
import type { Route } from "./+types/gallery";

const loadViewer = () => import("#app/components/gallery/media-viewer.tsx");
const MediaViewer = lazy(loadViewer);
// Arrived on an item: the open viewer works once its code is here, so fetch it now, not a round trip later at hydration.
if (typeof document !== "undefined" && /\/gallery\/[^/]+$/.test(location.pathname)) {
  void loadViewer();
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const { db, locale } = scope;
  const base = mediaBase(scope.config);
  const [page, item] = await Promise.all([
    loadGalleryPage(db, new URL(request.url), locale, base),
    params.id
      ? MEDIA_ID_PATTERN.test(params.id)
        ? loadGalleryItem(db, params.id, locale, base)
        : null
      : undefined,
  ]);
  if (item === null) throw data(null, { status: 404 });
  return {
    ...page,
    item: item ?? null,
    // Made here, so the gallery's JavaScript does not carry it.
    shareImage: item ? itemShareImage(item) : undefined,
    jsonLd: item ? jsonLd([mediaItemObject(siteOf(scope), item)]) : null,
  };
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
  const { site } = useRootData();
  const { params } = loaderData;
  const location = site.cameraLocation;
  const gallery = useGallery(loaderData);
  const { item, featured, items, nextCursor, arrived, eager, fetchPriority } = gallery;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta
        title={item ? item.title : t`Gallery`}
        description={item?.description || t`Photos, videos and daily time-lapses of Lake Garda.`}
        image={item ? loaderData.shareImage : undefined}
        oembed
      />
      <JsonLd json={item ? loaderData.jsonLd : null} />
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <h1
          ref={gallery.heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl"
        >
          {t`Gallery`}
        </h1>
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
                fetchPriority={fetchPriority("featured", i)}
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
            <GalleryEmpty searched={gallery.searched} />
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
                  fetchPriority={fetchPriority("items", i)}
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
                aria-disabled={gallery.loading}
                onClick={gallery.showMore}
                className="rounded-full border border-primary-700 px-5 py-2.5 font-medium hover:bg-primary-50 aria-disabled:opacity-60 dark:hover:bg-neutral-900"
              >
                {gallery.loading ? t`Loading…` : t`Show more`}
              </button>
            ) : null}
            <ListNews news={gallery.news} className="text-sm text-error-800 dark:text-error-100">
              {gallery.failed ? t`Could not load more photos and videos. Please try again.` : null}
            </ListNews>
          </div>
        </section>
      ) : null}

      {item ? (
        <Suspense fallback={null}>
          <MediaViewer
            item={item}
            autoPlay={!arrived}
            onClose={gallery.close}
            onCounts={gallery.recount}
            returnFocus={() => gallery.returnFocus(item.id)}
            onPrevious={gallery.previous}
            onNext={gallery.next}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
