import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { newestStill } from "#app/.server/archive/still-picture.ts";
import { requestScope } from "#app/.server/context.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { getPublishedMedia, MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { cameraStatus } from "#app/.server/live-stream/camera-status.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { yesterdaysTimelapse } from "#app/.server/timelapse/yesterdays-timelapse.ts";
import { loadWeatherPanel } from "#app/.server/weather/snapshot.ts";
import { EmbeddedItem, EmbedMaintenance, EmbedStrip } from "#app/components/embed/embed-parts.tsx";
import { LiveStreamPanel } from "#app/components/live-stream/live-stream-panel.tsx";
import { EmbeddedFrame } from "#app/components/live-stream/stream-frame.tsx";
import { PageMeta } from "#app/components/shell/page-meta.tsx";
import { embedWeather } from "#app/features/embed/embed-weather.ts";
import { frameHandle } from "#app/shell/frame-page.ts";
import { useRootData } from "#app/shell/root-data.ts";
import type { Route } from "./+types/embed";

export const handle = frameHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const itemId = new URL(request.url).searchParams.get("item");
  if (itemId !== null) {
    const row = MEDIA_ID_PATTERN.test(itemId) ? await getPublishedMedia(scope.db, itemId) : null;
    if (!row) throw data(null, { status: 404 });
    return {
      kind: "item" as const,
      item: toPublicItem(row, scope.locale, mediaBase(scope.config)),
    };
  }
  const [still, weather, status, film] = await Promise.all([
    newestStill(scope.db, mediaBase(scope.config)),
    loadWeatherPanel(scope),
    cameraStatus(scope, request.url),
    yesterdaysTimelapse(scope.db, scope.locale, mediaBase(scope.config)),
  ]);
  return {
    kind: "live" as const,
    live: { still, renderedAt: Date.now() },
    status: status && { ...status, still },
    weather: embedWeather(weather),
    film,
  };
}

export default function Embed({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { maintenance } = useRootData();
  const meta = <PageMeta title={t`Live view`} noindex oembed />;
  if (maintenance) {
    return (
      <>
        {meta}
        <EmbedMaintenance />
      </>
    );
  }
  return (
    // Named, so that it stands apart from the host page's own main landmark.
    <main
      aria-labelledby="embed-title"
      className="relative flex min-h-dvh flex-col bg-neutral-950 text-white"
    >
      {meta}
      <h1 id="embed-title" className="sr-only">{t`Lake Garda Live Camera`}</h1>
      {loaderData.kind === "item" ? (
        <EmbeddedItem item={loaderData.item} />
      ) : (
        <>
          <EmbeddedFrame value={true}>
            <LiveStreamPanel rendered={loaderData.live} initialStatus={loaderData.status} />
          </EmbeddedFrame>
          <EmbedStrip weather={loaderData.weather} film={loaderData.film} />
        </>
      )}
    </main>
  );
}
