import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, useFetcher, useLocation, useNavigate } from "react-router";
import { requestScope } from "~/.server/context";
import { loadGalleryItem, loadGalleryPage } from "~/.server/media/gallery-page";
import { MEDIA_ID_PATTERN } from "~/.server/media/published-media";
import { GalleryFilters } from "~/components/gallery/gallery-filters";
import { GalleryEmpty, TimelapseComingSoon } from "~/components/gallery/gallery-states";
import { MediaCard } from "~/components/gallery/media-card";
import { useLocale } from "~/components/localized-link";
import { PageMeta } from "~/components/page-meta";
import { localizePath } from "~/i18n/locales";
import type { PublicMediaItem } from "~/lib/media";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/gallery";

const MediaViewer = lazy(() => import("~/components/gallery/media-viewer"));

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

type Page = { items: PublicMediaItem[]; nextCursor: string | null };

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { site } = useRootData();
  const { params, featured, item } = loaderData;
  const location = site.cameraLocation;

  // Pages fetched with "load more" extend the server's first page until the filters change.
  const [more, setMore] = useState<Page>({ items: [], nextCursor: null });
  const fetcher = useFetcher<Page>();
  const firstPage = loaderData.items;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page resets "load more"
  useEffect(() => setMore({ items: [], nextCursor: null }), [firstPage]);
  useEffect(() => {
    const page = fetcher.data;
    if (fetcher.state === "idle" && page) {
      setMore((current) =>
        current.items.some((i) => i.id === page.items[0]?.id)
          ? current
          : { items: [...current.items, ...page.items], nextCursor: page.nextCursor },
      );
    }
  }, [fetcher.state, fetcher.data]);
  const items = [...loaderData.items, ...more.items];
  const nextCursor = more.items.length > 0 ? more.nextCursor : loaderData.nextCursor;

  const galleryPath = localizePath("/gallery", locale);
  const open = (target: PublicMediaItem) =>
    navigate(
      { pathname: `${galleryPath}/${target.id}`, search },
      { replace: true, preventScrollReset: true },
    );
  const index = item ? items.findIndex((i) => i.id === item.id) : -1;
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 ? items[index + 1] : undefined;

  const query = new URLSearchParams({
    type: params.type,
    q: params.q,
    sort: params.sort,
    lang: locale,
  });
  const hasFilters = Boolean(params.q) || params.type !== "all";
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta
        title={item ? item.title : t`Gallery`}
        description={item?.description || t`Photos, videos and daily time-lapses of Lake Garda.`}
        image={item ? new URL(item.thumbnailUrl, site.siteUrl).href : undefined}
      />
      <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">{t`Gallery`}</h1>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {t`Photos, videos and a time-lapse of every day, from the harbour of ${location}.`}
      </p>
      <GalleryFilters params={params} />

      {featured.length > 0 ? (
        <section aria-labelledby="featured-title" className="mt-8">
          <h2 id="featured-title" className="text-xl font-semibold">{t`Featured`}</h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {featured.map((media, i) => (
              <MediaCard key={media.id} item={media} eager={i < 2} large />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="all-media-title" className="mt-10">
        <h2 id="all-media-title" className="sr-only">{t`All media`}</h2>
        {items.length === 0 ? (
          <GalleryEmpty searched={hasFilters} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {params.type !== "photos" && !params.q ? <TimelapseComingSoon /> : null}
            {items.map((media, i) => (
              <MediaCard key={media.id} item={media} eager={featured.length === 0 && i < 4} />
            ))}
          </ul>
        )}
        {nextCursor ? (
          <p className="mt-8 text-center">
            <button
              type="button"
              disabled={fetcher.state !== "idle"}
              onClick={() => fetcher.load(`/api/media?${query}&cursor=${nextCursor}`)}
              className="rounded-full border border-primary-700 px-5 py-2.5 font-medium hover:bg-primary-50 disabled:opacity-60 dark:hover:bg-neutral-900"
            >
              {fetcher.state === "idle" ? t`Show more` : t`Loading…`}
            </button>
          </p>
        ) : null}
      </section>

      {item ? (
        <Suspense fallback={null}>
          <MediaViewer
            item={item}
            onClose={() =>
              navigate({ pathname: galleryPath, search }, { preventScrollReset: true })
            }
            onPrevious={previous ? () => open(previous) : undefined}
            onNext={next ? () => open(next) : undefined}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
