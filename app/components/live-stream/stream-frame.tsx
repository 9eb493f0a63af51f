import { Plural, useLingui } from "@lingui/react/macro";
import type { ReactNode, RefObject } from "react";
import { formatTime } from "~/lib/format";
import PlayIcon from "~icons/mdi/play";
import { useLocale } from "../localized-link";
import type { StreamStatus } from "./stream-status";

export const primaryButton =
  "inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-medium focus-visible:outline-2 bg-primary-700 text-white hover:bg-primary-800";

/** The camera's frame: the latest still with its time and the LIVE/OFFLINE badge. */
export function StreamFrame({
  frameRef,
  status,
  live,
  offline,
  durationSeconds,
  children,
}: {
  frameRef?: RefObject<HTMLDivElement | null>;
  status: StreamStatus | null;
  live: boolean;
  offline: boolean;
  durationSeconds: number;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const still = status?.still;
  const time = still ? formatTime(locale, still.takenAt) : "";
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
          ) : offline || status?.online === false ? (
            <span className="rounded bg-neutral-700 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`OFFLINE`}
            </span>
          ) : null}
          {still && !live ? (
            <span className="rounded bg-black/60 px-2 py-0.5 text-xs">{t`Image from ${time}`}</span>
          ) : null}
        </div>
        {children}
      </div>
      <p className="mt-3 text-center text-sm text-neutral-700 dark:text-neutral-300">
        <Plural
          value={minutes}
          one="Sessions last # minute. Anyone watching at the same time shares the camera."
          other="Sessions last # minutes. Anyone watching at the same time shares the camera."
        />
      </p>
    </div>
  );
}

/** "Watch live", centred in the frame; `onIntent` lets the caller fetch code early. */
export function WatchLiveButton({
  offline,
  onStart,
  onIntent,
}: {
  offline: boolean;
  onStart: () => void;
  onIntent?: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
      <button
        type="button"
        className={primaryButton}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={onStart}
      >
        <PlayIcon aria-hidden="true" className="size-6" />
        {t`Watch live`}
      </button>
      {offline ? (
        <p className="rounded bg-black/60 px-3 py-1">
          {t`The camera is offline right now. Please try again later.`}
        </p>
      ) : null}
    </div>
  );
}

/** A progress line with a spinner, centred in the frame's overlay. */
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
