import { Plural, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { localeFromPath } from "~/i18n/locales";
import { formatTime } from "~/lib/format";
import { preloadPlayer } from "~/lib/stream-player";
import FullscreenIcon from "~icons/mdi/fullscreen";
import ExitFullscreenIcon from "~icons/mdi/fullscreen-exit";
import PlayIcon from "~icons/mdi/play";
import ReplayIcon from "~icons/mdi/replay";
import StopIcon from "~icons/mdi/stop";
import { CONNECTION_ATTEMPTS, type Phase, useLiveStream } from "./use-live-stream";

function useRemainingSeconds(expiresAt: number | null, onZero: () => void) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  const remaining = expiresAt === null ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000));
  useEffect(() => {
    if (expiresAt !== null && remaining === 0) onZero();
  }, [expiresAt, remaining, onZero]);
  return remaining;
}

function useFullscreen(element: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () => setActive(document.fullscreenElement === element.current);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, [element]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.current?.requestFullscreen();
  };
  return { active, toggle };
}

const busyPhases = new Set<Phase["name"]>([
  "starting",
  "initializing",
  "connecting",
  "ready",
  "player",
]);

/** The home page's live camera: a still with its time, then a one-minute live session. */
export function LiveStreamPanel() {
  const { t } = useLingui();
  const locale = localeFromPath(useLocation().pathname);
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { status, phase, durationSeconds, start, stop, end } = useLiveStream(video);
  const fullscreen = useFullscreen(frame);
  const remaining = useRemainingSeconds(phase.name === "live" ? phase.expiresAt : null, end);
  const live = phase.name === "live";
  const busy = busyPhases.has(phase.name);
  const offline = status?.online === false || phase.name === "offline";
  const minutes = Math.max(1, Math.round(durationSeconds / 60));
  const countdown = `${Math.floor(remaining / 60)}:${String(remaining % 60).padStart(2, "0")}`;
  const still = status?.still;
  const time = still ? formatTime(locale, still.takenAt) : "";
  const attempt = phase.name === "connecting" ? phase.attempt : 0;
  const total = CONNECTION_ATTEMPTS;

  const progress: Partial<Record<Phase["name"], string>> = {
    starting: t`Starting session…`,
    initializing: t`Initialising camera…`,
    connecting: t`Connection attempt ${attempt}/${total}`,
    ready: t`Feed ready`,
    player: t`Initialising player…`,
  };

  const button =
    "inline-flex items-center gap-2 rounded-full px-5 py-2.5 font-medium focus-visible:outline-2";
  const primary = `${button} bg-primary-700 text-white hover:bg-primary-800`;
  const overlayButton =
    "inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white hover:bg-black/80";

  return (
    <div className="mx-auto max-w-4xl">
      <div
        ref={frame}
        className="relative aspect-video overflow-hidden rounded-xl bg-neutral-900 text-white"
      >
        {still && !live ? (
          <img
            src={`/api/stream/still.jpg?v=${encodeURIComponent(still.takenAt)}`}
            alt={t`The harbour, as the camera saw it last`}
            className="absolute inset-0 size-full object-cover opacity-70"
          />
        ) : null}
        <video
          ref={video}
          muted
          playsInline
          aria-label={t`Live picture from the camera`}
          className={`absolute inset-0 size-full object-contain ${live ? "" : "invisible"}`}
        />

        <div className="absolute top-3 left-3 flex gap-2">
          {live ? (
            <span className="rounded bg-error-600 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`LIVE`}
            </span>
          ) : offline ? (
            <span className="rounded bg-neutral-700 px-2 py-0.5 text-xs font-bold tracking-wide">
              {t`OFFLINE`}
            </span>
          ) : null}
          {still && !live ? (
            <span className="rounded bg-black/60 px-2 py-0.5 text-xs">{t`Image from ${time}`}</span>
          ) : null}
        </div>

        {live ? (
          <div className="absolute top-3 right-3 flex items-center gap-2">
            <span className="rounded bg-black/60 px-2 py-0.5 font-mono text-sm" role="timer">
              <span className="sr-only">{t`Time left`} </span>
              {countdown}
            </span>
          </div>
        ) : null}

        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
          {phase.name === "idle" || phase.name === "offline" ? (
            <>
              <button
                type="button"
                className={primary}
                onPointerEnter={preloadPlayer}
                onFocus={preloadPlayer}
                onClick={() => {
                  preloadPlayer();
                  void start();
                }}
              >
                <PlayIcon aria-hidden="true" className="size-6" />
                {t`Watch live`}
              </button>
              {phase.name === "offline" ? (
                <p className="rounded bg-black/60 px-3 py-1">{t`The camera is offline right now. Please try again later.`}</p>
              ) : null}
            </>
          ) : null}
          {busy ? (
            <p className="flex items-center gap-3 rounded bg-black/60 px-4 py-2">
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
              />
              {progress[phase.name]}
            </p>
          ) : null}
          {phase.name === "failed" ? (
            <>
              <p className="rounded bg-black/60 px-4 py-2">{t`Connection failed. Please try again.`}</p>
              <button type="button" className={primary} onClick={() => void start()}>
                <ReplayIcon aria-hidden="true" className="size-5" />
                {t`Try again`}
              </button>
            </>
          ) : null}
          {phase.name === "ended" ? (
            <>
              <p className="rounded bg-black/60 px-4 py-2">{t`Session ended`}</p>
              <button type="button" className={primary} onClick={() => void start()}>
                <ReplayIcon aria-hidden="true" className="size-5" />
                {t`Watch again`}
              </button>
            </>
          ) : null}
        </div>

        {live ? (
          <div className="absolute right-3 bottom-3 flex gap-2">
            <button type="button" className={overlayButton} onClick={stop}>
              <StopIcon aria-hidden="true" className="size-5" />
              {t`Stop`}
            </button>
            <button type="button" className={overlayButton} onClick={fullscreen.toggle}>
              {fullscreen.active ? (
                <ExitFullscreenIcon aria-hidden="true" className="size-5" />
              ) : (
                <FullscreenIcon aria-hidden="true" className="size-5" />
              )}
              {fullscreen.active ? t`Exit fullscreen` : t`Fullscreen`}
            </button>
          </div>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {live ? t`The live stream is playing.` : (progress[phase.name] ?? "")}
      </p>
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
