import { Plural, useLingui } from "@lingui/react/macro";
import type { ReactNode, RefObject } from "react";
import type { Locale } from "~/i18n/locales";
import { formatDate, formatDateTime, formatTime } from "~/lib/format";
import PlayIcon from "~icons/mdi/play";
import ReplayIcon from "~icons/mdi/replay";
import { useLocale } from "../localized-link";
import type { StreamStatus } from "./stream-status";

const button = "inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-medium text-white";
export const primaryButton = `${button} bg-primary-700 hover:bg-primary-800`;
/** For a start that will probably not work (the camera is offline): not the inviting green. */
const quietButton = `${button} border border-white/70 bg-black/60 hover:bg-black/80`;

function useStillLabel(locale: Locale, takenAt: string | undefined): string {
  const { t } = useLingui();
  if (!takenAt) return "";
  if (formatDate(locale, takenAt) === formatDate(locale, new Date())) {
    const time = formatTime(locale, takenAt);
    return t`Image from ${time}`;
  }
  const dateTime = formatDateTime(locale, takenAt);
  return t`Image from ${dateTime}`;
}

export function StreamFrame({
  frameRef,
  status,
  live,
  durationSeconds,
  children,
}: {
  frameRef?: RefObject<HTMLDivElement | null>;
  status: StreamStatus | null;
  live: boolean;
  durationSeconds: number;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const still = status?.still;
  const stillLabel = useStillLabel(locale, still?.takenAt);
  const minutes = Math.max(1, Math.round(durationSeconds / 60));
  return (
    <div className="mx-auto max-w-4xl">
      <div
        ref={frameRef}
        className="relative aspect-video overflow-hidden rounded-xl bg-neutral-900 text-white"
      >
        {still && !live ? (
          <img
            src={`/api/stream/still.jpg?v=${encodeURIComponent(still.takenAt)}`}
            alt={t`The harbour, as the camera saw it last`}
            className="absolute inset-0 size-full object-cover opacity-70"
          />
        ) : null}
        <div className="absolute top-3 left-3 z-10 flex gap-2">
          {live ? (
            <span className="rounded bg-error-600 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`LIVE`}
            </span>
          ) : status?.online === false ? (
            <span className="rounded bg-neutral-700 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`OFFLINE`}
            </span>
          ) : null}
          {still && !live ? (
            <span className="rounded bg-black/60 px-2 py-0.5 text-xs">{stillLabel}</span>
          ) : null}
        </div>
        {children}
      </div>
      <p className="mt-3 text-center text-sm text-neutral-700 dark:text-neutral-300">
        <Plural
          value={minutes}
          one="The picture appears after about two seconds. Sessions last # minute. Anyone watching at the same time shares the camera."
          other="The picture appears after about two seconds. Sessions last # minutes. Anyone watching at the same time shares the camera."
        />
      </p>
    </div>
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
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
      {offline ? (
        <>
          <p className="rounded bg-black/60 px-3 py-1">
            {t`The camera is offline right now. Please try again later.`}
          </p>
          <button type="button" className={quietButton} {...handlers}>
            <ReplayIcon aria-hidden="true" className="size-5" />
            {t`Try again`}
          </button>
        </>
      ) : (
        <button type="button" className={primaryButton} {...handlers}>
          <PlayIcon aria-hidden="true" className="size-6" />
          {t`Watch live`}
        </button>
      )}
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
