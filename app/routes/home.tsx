import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { newestStill } from "#app/.server/archive/still-picture.ts";
import { requestScope } from "#app/.server/context.ts";
import { listMedia, listQuery } from "#app/.server/gallery/list-media.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { cameraStatus } from "#app/.server/live-stream/camera-status.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { jsonLd, siteOf, stillImageObject } from "#app/.server/structured-data.ts";
import { loadWeatherPanel } from "#app/.server/weather/snapshot.ts";
import { ArchiveLink } from "#app/components/archive/archive-link.tsx";
import { GalleryTeaser } from "#app/components/gallery/gallery-teaser.tsx";
import { LiveStreamPanel } from "#app/components/live-stream/live-stream-panel.tsx";
import { JsonLd } from "#app/components/shell/json-ld.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";
import { WeatherPanel } from "#app/components/weather/weather-panel.tsx";
import { stillShareImage } from "#app/features/archive/stills.ts";
import { useRootData } from "#app/shell/root-data.ts";
import GalleryIcon from "~icons/mdi/image-multiple-outline";
import VideoIcon from "~icons/mdi/video-outline";
import WeatherIcon from "~icons/mdi/weather-partly-cloudy";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const { locale } = scope;
  const [weather, teaser, still, status] = await Promise.all([
    loadWeatherPanel(scope),
    listMedia(scope.db, { ...listQuery.parse({ featured: "first", limit: 4 }), lang: locale }),
    // In the page, so the picture loads with it rather than after the camera's status.
    newestStill(scope.db, mediaBase(scope.config)),
    cameraStatus(scope, request.url),
  ]);
  const caption = t(scope.i18n)`The harbour, as the camera saw it last`;
  return {
    weather,
    teaser: teaser.rows.map((row) => toPublicItem(row, locale, mediaBase(scope.config))),
    live: { still, renderedAt: Date.now() },
    status: status && { ...status, still },
    // Made here, so the home page's JavaScript does not carry them (its budget is tight).
    shareImage: still ? stillShareImage(still, caption) : undefined,
    jsonLd: still ? jsonLd([stillImageObject(siteOf(scope), still, caption)]) : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { site } = useRootData();
  const location = site.cameraLocation;
  const features = [
    {
      icon: VideoIcon,
      title: t`Live views`,
      text: t`Start a one-minute live stream and watch the harbour of ${location} as it is right now.`,
    },
    {
      icon: WeatherIcon,
      title: t`Weather and water temperature`,
      text: t`Current weather and the forecast for today and tomorrow, refreshed every ten minutes, with the latest water temperature and lake level.`,
    },
    {
      icon: GalleryIcon,
      title: t`Photo gallery`,
      text: t`Photos, videos and a daily time-lapse that shows yesterday's last hours of daylight, up to dusk, in a few minutes.`,
    },
  ];
  return (
    <>
      <PageMeta image={loaderData.shareImage} oembed firstPaintAfter="live" />
      <JsonLd json={loaderData.jsonLd} />
      {/* Compact, so the picture starts high on a phone (issue 37: the picture first). */}
      <section className="bg-gradient-to-b from-secondary-50 to-white px-4 py-3 text-center dark:from-secondary-950 dark:to-neutral-950">
        <h1 className="page-title">{t`Lake Garda Live Camera`}</h1>
        <p className="mx-auto mt-1 max-w-2xl page-subtitle">
          {t`Experience Lake Garda in real-time: live pictures from the harbour of ${location} on the eastern shore.`}
        </p>
      </section>
      <section id="live" aria-labelledby="live-title" className="px-4">
        <h2 id="live-title" className="sr-only">{t`Live camera`}</h2>
        <LiveStreamPanel rendered={loaderData.live} initialStatus={loaderData.status} />
        <p className="mt-2 text-center">
          <ArchiveLink />
        </p>
      </section>
      <WeatherPanel data={loaderData.weather} location={location} />
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="features-title" className="sr-only">{t`What you will find here`}</h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-xl border border-neutral-200 p-6 dark:border-neutral-800"
            >
              <Icon className="size-8 text-primary-700 dark:text-primary-400" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-neutral-700 dark:text-neutral-300">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <LocalizedLink
            to="/about"
            className="inline-block rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
          >
            {t`Learn more about the camera`}
          </LocalizedLink>
        </p>
      </section>
      <GalleryTeaser items={loaderData.teaser} />
    </>
  );
}
