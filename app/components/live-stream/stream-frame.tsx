import { Plural, useLingui } from "@lingui/react/macro";
import { createContext, type ReactNode, type RefObject, use, useEffect, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { ConditionIcon, conditionLabels } from "#app/components/weather/condition.tsx";
import { type StillWeather, stillImage } from "#app/features/archive/stills.ts";
import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { formatDate, formatDateTime, formatNumber, formatTime } from "#app/lib/format.ts";
import PlayIcon from "~icons/mdi/play";
import ReplayIcon from "~icons/mdi/replay";
import type { RenderedStill } from "./stream-status.ts";

const button = "inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-medium text-white";
export const primaryButton = `${button} bg-primary-700 hover:bg-primary-800`;
// Offline, a start will probably fail: not the inviting green.
const quietButton = `${button} border border-white/70 bg-black/60 hover:bg-black/80`;

// "Today" is the server's until hydrated (no mismatch), then the visitor's.
function useStillLabel(locale: Locale, takenAt: string | undefined, renderedAt: number): string {
  const { t } = useLingui();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!takenAt) return "";
  const now = hydrated ? Date.now() : renderedAt;
  if (formatDate(locale, takenAt) === formatDate(locale, new Date(now))) {
    const time = formatTime(locale, takenAt);
    return t`Image from ${time}`;
  }
  const dateTime = formatDateTime(locale, takenAt);
  return t`Image from ${dateTime}`;
}

const stillSizes = "(min-width: 86rem) 84rem, calc(100vw - 2rem)";

export const EmbeddedFrame = createContext(false);

export type FramePicture = "still" | "live" | "frozen";

export function StreamFrame({
  frameRef,
  status,
  rendered,
  picture,
  durationSeconds,
  children,
}: {
  frameRef?: RefObject<HTMLDivElement | null>;
  status: StreamStatus | null;
  rendered: RenderedStill;
  picture: FramePicture;
  durationSeconds: number;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const still = status?.still ?? rendered.still;
  const stillLabel = useStillLabel(locale, still?.takenAt, rendered.renderedAt);
  const minutes = Math.max(1, Math.round(durationSeconds / 60));
  const embedded = use(EmbeddedFrame);
  return (
    <div className={embedded ? undefined : "mx-auto max-w-[84rem]"}>
      <div
        ref={frameRef}
        className={`relative aspect-video overflow-hidden bg-neutral-900 text-white ${embedded ? "" : "rounded-xl"}`}
      >
        {still && picture === "still" ? (
          // Often the phone's largest paint.
          <img
            {...stillImage(still)}
            sizes={embedded ? "100vw" : stillSizes}
            fetchPriority="high"
            alt={t`The harbour, as the camera saw it last`}
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/50"
        />
        {/* Time first: the badge comes later, with the status, and moves nothing. */}
        <div className="absolute top-3 left-3 z-10 flex gap-2">
          {still && picture === "still" ? (
            <span className="flex items-center gap-1 whitespace-nowrap rounded bg-black/60 px-2 py-0.5 text-xs">
              {stillLabel}
              {still?.weather ? <MomentWeather weather={still.weather} /> : null}
            </span>
          ) : null}
          {picture === "live" ? (
            <span className="rounded bg-error-600 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`LIVE`}
            </span>
          ) : status?.online === false ? (
            <span className="rounded bg-neutral-700 px-2 py-0.5 text-xs font-bold tracking-wide max-sm:hidden">
              {t`OFFLINE`}
            </span>
          ) : null}
        </div>
        {children}
      </div>
      {embedded ? null : (
        <p className="mt-3 text-center text-sm text-neutral-700 dark:text-neutral-300">
          <Plural
            value={minutes}
            one="The picture appears after about two seconds. Sessions last # minute. Anyone watching at the same time shares the camera."
            other="The picture appears after about two seconds. Sessions last # minutes. Anyone watching at the same time shares the camera."
          />
        </p>
      )}
    </div>
  );
}

// On a phone the frame is barely taller than a message: they keep to the bottom, smaller.
export const frameOverlay =
  "absolute inset-0 flex flex-col items-center justify-end gap-2 px-4 pt-10 pb-3 text-center text-sm sm:justify-center sm:gap-3 sm:p-4 sm:text-base";

/** " · ☁ 21 °C": the weather when the still was taken (the condition in words for screen readers). */
function MomentWeather({ weather }: { weather: StillWeather }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const temperature = formatNumber(locale, weather.temperature, {
    style: "unit",
    unit: "celsius",
    maximumFractionDigits: 0,
  });
  return (
    <>
      {" "}
      <span aria-hidden="true">·</span>{" "}
      <ConditionIcon condition={weather.condition} isDay={weather.isDay} className="size-4" />
      <span className="sr-only">{i18n._(conditionLabels[weather.condition])}</span> {temperature}
    </>
  );
}

/** `onIntent` lets the caller fetch code early. */
export function StartOverlay({
  offline,
  onStart,
  onIntent,
}: {
  offline: boolean;
  onStart: () => void;
  onIntent?: () => void;
}) {
  const { t } = useLingui();
  const handlers = { onPointerEnter: onIntent, onFocus: onIntent, onClick: onStart };
  // A page whose scripts wait for this press (the embed, startScriptsOnPress) shows it taken at once.
  const press = { "data-starts-scripts": "live" };
  const pressed = "[html[data-pressed=live]_&]:hidden";
  return (
    <div className={frameOverlay}>
      {offline ? (
        <>
          <p className={`rounded bg-black/60 px-3 py-1 ${pressed}`}>
            {t`The camera is offline right now. Please try again later.`}
          </p>
          <button
            type="button"
            className={`${quietButton} ${pressed}`}
            data-takes-focus
            {...press}
            {...handlers}
          >
            <ReplayIcon aria-hidden="true" className="size-5" />
            {t`Try again`}
          </button>
        </>
      ) : (
        <button type="button" className={`${primaryButton} ${pressed}`} {...press} {...handlers}>
          <PlayIcon aria-hidden="true" className="size-6" />
          {t`Watch live`}
        </button>
      )}
      <div className="hidden [html[data-pressed=live]_&]:block" aria-hidden="true">
        <StreamProgress>{t`Starting session…`}</StreamProgress>
      </div>
    </div>
  );
}

export function StreamProgress({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-3 rounded bg-black/60 px-4 py-2">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
      />
      {children}
    </p>
  );
}
