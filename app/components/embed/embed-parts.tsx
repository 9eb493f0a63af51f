// catalog: embed

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { conditionLabels } from "#app/components/weather/condition.tsx";
import { EMBED_STRIP_HEIGHT } from "#app/features/embed/embed-size.ts";
import type { EmbedWeather } from "#app/features/embed/embed-weather.ts";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { photoSrcSet } from "#app/features/gallery/media.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/lib/format.ts";

const strip = "flex flex-col justify-center gap-0.5 px-3 text-sm leading-5";
const link = "underline decoration-white/60 underline-offset-2 hover:decoration-white";

/** Plain links, not the router's: each opens the site in a tab of its own, outside the frame. */
function SiteLink({ path, children }: { path: string; children: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <a href={localizePath(path, useLocale())} target="_blank" rel="noopener" className={link}>
      {children}
      <span className="sr-only"> {t`(opens in a new tab)`}</span>
    </a>
  );
}

function useWeatherLine(weather: EmbedWeather): string {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  if (!weather) return t`Weather not available`;
  const celsius = (value: number) =>
    formatNumber(locale, value, { style: "unit", unit: "celsius", maximumFractionDigits: 0 });
  const temperature = celsius(weather.temperature);
  const condition = i18n._(conditionLabels[weather.condition]);
  const waterCelsius = celsius(weather.water);
  return t`${temperature}, ${condition} · water ${waterCelsius}`;
}

export function EmbedStrip({
  weather,
  film,
}: {
  weather: EmbedWeather;
  film: PublicMediaItem | null;
}) {
  const { t } = useLingui();
  return (
    <div className={strip} style={{ height: EMBED_STRIP_HEIGHT }}>
      <p>{useWeatherLine(weather)}</p>
      <div className="flex flex-wrap gap-x-3">
        {film ? (
          // No script and no request until played; open, the film lies over the picture.
          <details>
            <summary className="cursor-pointer">{film.title}</summary>
            {/* biome-ignore lint/a11y/useMediaCaption: the camera records no speech to caption */}
            <video
              controls
              preload="none"
              playsInline
              src={film.fileUrl}
              aria-label={film.title}
              className="absolute inset-x-0 top-0 aspect-video w-full bg-black"
            />
          </details>
        ) : null}
        <SiteLink path="/">{t`Lake Garda Live Camera`}</SiteLink>
      </div>
    </div>
  );
}

export function EmbeddedItem({ item }: { item: PublicMediaItem }) {
  const { t } = useLingui();
  return (
    <>
      <div className="relative aspect-video bg-black">
        {item.type === "image" ? (
          <img
            src={item.mediumUrl ?? item.fileUrl}
            srcSet={photoSrcSet(item)}
            sizes="100vw"
            width={item.width}
            height={item.height}
            alt={item.title}
            fetchPriority="high"
            className="absolute inset-0 size-full object-contain"
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: a gallery video has no speech to caption
          <video
            controls
            preload="none"
            playsInline
            poster={item.thumbnailUrl}
            src={item.fileUrl}
            aria-label={item.title}
            className="absolute inset-0 size-full object-contain"
          />
        )}
      </div>
      <div className={strip} style={{ height: EMBED_STRIP_HEIGHT }}>
        <p className="truncate">{item.title}</p>
        <p>
          <SiteLink path={`/gallery/${item.id}`}>{t`Lake Garda Live Camera`}</SiteLink>
        </p>
      </div>
    </>
  );
}

export function EmbedMaintenance() {
  const { t } = useLingui();
  return (
    <main
      aria-labelledby="embed-title"
      className="flex min-h-dvh flex-col items-center justify-center gap-2 bg-neutral-950 p-4 text-center text-white"
    >
      <h1 id="embed-title" className="text-xl font-bold">{t`Work in progress`}</h1>
      <p>{t`We are improving the site right now. Please come back a little later: the lake will still be here.`}</p>
      <SiteLink path="/">{t`Lake Garda Live Camera`}</SiteLink>
    </main>
  );
}
