import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { newestStill } from "#app/.server/archive/still-picture.ts";
import { requestScope } from "#app/.server/context.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { EmbedCode } from "#app/components/embed/embed-code.tsx";
import { WatchLiveLink } from "#app/components/live-stream/watch-live-link.tsx";
import { ProsePage, Section } from "#app/components/text-pages/prose-page.tsx";
import { LocalizedLink, useLocale } from "#app/components/ui/localized-link.tsx";
import { stillShareImage } from "#app/features/archive/stills.ts";
import { formatNumber } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const still = await newestStill(scope.db, mediaBase(scope.config));
  // A link to About shows the lake too: the newest still, made here as on the home page.
  return {
    shareImage: still
      ? stillShareImage(still, t(scope.i18n)`The harbour, as the camera saw it last`)
      : undefined,
  };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const { site } = useRootData();
  const location = site.cameraLocation;
  const retentionDays = site.stillRetentionDays;
  const coordinate = (value: number) => formatNumber(locale, value, { maximumFractionDigits: 4 });
  const latitude = coordinate(site.cameraLatitude);
  const longitude = coordinate(site.cameraLongitude);
  return (
    <ProsePage
      title={t`About`}
      description={t`The story behind the Lake Garda Live Camera in ${location}.`}
      image={loaderData.shareImage}
    >
      <Section id="story" title={t`Our story`}>
        <p>{t`This camera began as a small wish: to look at the lake from anywhere, whenever we miss it. We live in ${location}, and every morning the light over the water is different. We wanted to share that view with friends, guests and everyone who loves Lake Garda.`}</p>
        <p>{t`The project is private and non-commercial. There is no advertising, and it will stay that way. To see which pages are used, we count visits ourselves and anonymously, without cookies and without passing anything on to others.`}</p>
      </Section>
      <Section id="offer" title={t`What we offer`}>
        <ul>
          <li>{t`A live stream from the harbour in 480p, started on request for one minute at a time.`}</li>
          <li>{t`Current weather, the forecast for today and tomorrow, the water temperature in the north and south of the lake and the lake level.`}</li>
          <li>{t`A gallery of photos and videos and a time-lapse of the previous day, rendered every night in 1080p.`}</li>
          <li>{t`An archive with a picture every ten minutes and the weather at that moment, kept for ${retentionDays} days; the most beautiful ones for good.`}</li>
        </ul>
      </Section>
      <Section id="technology" title={t`Technology`}>
        <p>{t`A weatherproof camera on the harbour wall is connected to a small computer. When someone starts the stream, it sends short video segments to our website, which runs on servers close to you around the world. Each night it turns the day's pictures into a time-lapse: one second of film is about two and a half minutes of reality.`}</p>
        <p>{t`Each time-lapse, each photo or video published without a description and each archive picture chosen as sunset or best of the day, or marked best of, is described in words by an AI model at our hosting provider, Cloudflare, from the picture alone; we check the texts.`}</p>
        <p>{t`Weather data comes from an independent weather service; the lake level and the water temperature in the north of the lake come from public measuring stations, and we measure the water temperature in the south ourselves.`}</p>
      </Section>
      <Section id="location" title={t`Location`}>
        <p>{t`The camera looks out over the harbour of ${location} on the eastern shore of Lake Garda, between Verona and Trentino, facing west across the widest part of the lake.`}</p>
        <p>{t`Coordinates: ${latitude}° N, ${longitude}° E`}</p>
      </Section>
      <Section id="embed" title={t`Embed this camera`}>
        <p>{t`You are welcome to show the camera on your own website, free of charge, business websites included: copy the code below into your page. Please leave the embedded view as it is; its link to this website is the credit our terms ask for.`}</p>
        <p>{t`The embedded view sets no cookie and loads nothing from other websites. Its visits are counted anonymously like visits to this website, with your website as the referring site.`}</p>
        <EmbedCode />
      </Section>
      <div className="flex flex-wrap gap-3">
        <WatchLiveLink className="rounded-full bg-primary-700 px-5 py-2.5 font-medium !text-white !no-underline hover:bg-primary-800">
          {t`Watch live`}
        </WatchLiveLink>
        <LocalizedLink
          to="/gallery"
          className="rounded-full border border-primary-700 px-5 py-2.5 font-medium !no-underline hover:bg-primary-50 dark:hover:bg-neutral-900"
        >
          {t`View gallery`}
        </LocalizedLink>
        <LocalizedLink
          to="/archive"
          className="rounded-full border border-primary-700 px-5 py-2.5 font-medium !no-underline hover:bg-primary-50 dark:hover:bg-neutral-900"
        >
          {t`Browse the archive`}
        </LocalizedLink>
      </div>
    </ProsePage>
  );
}
