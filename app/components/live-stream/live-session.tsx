// catalog: live

import { useLingui } from "@lingui/react/macro";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import FullscreenIcon from "~icons/mdi/fullscreen";
import ExitFullscreenIcon from "~icons/mdi/fullscreen-exit";
import ReplayIcon from "~icons/mdi/replay";
import StopIcon from "~icons/mdi/stop";
import { LivePicture } from "./live-picture.tsx";
import {
  frameOverlay,
  primaryButton,
  StartOverlay,
  StreamFrame,
  StreamProgress,
} from "./stream-frame.tsx";

export { preloadPlayer } from "./stream-player.ts";

import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { useOptionalRootData } from "#app/shell/root-data.ts";
import type { SessionRequest } from "./session-request.ts";
import type { RenderedStill } from "./stream-status.ts";
import {
  CONNECTION_ATTEMPTS,
  type Phase,
  RECONNECT_ATTEMPTS,
  useLiveStream,
} from "./use-live-stream.ts";
import { useRemainingSeconds } from "./use-remaining-seconds.ts";

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

// Mounted to start a session: before the first step it already says "starting".
const busyPhases = new Set<Phase["name"]>([
  "idle",
  "starting",
  "initializing",
  "connecting",
  "ready",
  "player",
  "reconnecting",
]);

export default function LiveSession({
  initialStatus,
  rendered,
  pending,
  onAnnounce,
}: {
  initialStatus: StreamStatus | null;
  rendered: RenderedStill;
  pending: SessionRequest;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { status, phase, durationSeconds, start, stop, end } = useLiveStream(
    video,
    initialStatus,
    useOptionalRootData()?.site.speedSamplePercent,
  );
  // A ref, so StrictMode's re-run does not start a second session.
  const startedOnMount = useRef(false);
  useEffect(() => {
    if (startedOnMount.current) return;
    startedOnMount.current = true;
    void start(pending);
  }, [start, pending]);
  const fullscreen = useFullscreen(frame);
  const remaining = useRemainingSeconds(
    phase.name === "live" ? phase.expiresAt : null,
    durationSeconds,
    end,
  );
  const live = phase.name === "live";
  // The frozen picture stays while the player reconnects; LIVE and the countdown do not.
  const picture = live ? "live" : phase.name === "reconnecting" ? "frozen" : "still";
  const busy = busyPhases.has(phase.name);
  const countdown = `${Math.floor(remaining / 60)}:${String(remaining % 60).padStart(2, "0")}`;
  const attempt = phase.name === "connecting" || phase.name === "reconnecting" ? phase.attempt : 0;
  const total = phase.name === "reconnecting" ? RECONNECT_ATTEMPTS : CONNECTION_ATTEMPTS;

  const progress = {
    starting: t`Starting session…`,
    initializing: t`Initialising camera…`,
    connecting: t`Connection attempt ${attempt}/${total}`,
    ready: t`Feed ready`,
    player: t`Initialising player…`,
  };
  // Said once per phase: thirty attempts said aloud would bury the step after them (ADR 028).
  const announcements: Record<Phase["name"], string> = {
    ...progress,
    connecting: t`Connecting to the camera…`,
    reconnecting: t`The picture has stopped. Reconnecting to the camera…`,
    idle: progress.starting,
    offline: t`The camera is offline right now. Please try again later.`,
    live: t`The live stream is playing.`,
    failed: t`Connection failed. Please try again.`,
    stopped: t`The live stream has stopped.`,
    ended: t`Session ended`,
  };
  const announcement = announcements[phase.name];
  // In the step's own paint, so the region says each step as long as it shows.
  useLayoutEffect(() => {
    onAnnounce(announcement);
  }, [announcement, onAnnounce]);
  const waiting = phase.name === "stopped" || phase.name === "offline";
  const offline = phase.name === "offline" || (waiting && status?.online === false);

  const overlayButton =
    "inline-flex min-h-11 items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white hover:bg-black/80";

  return (
    <StreamFrame
      frameRef={frame}
      status={status}
      rendered={rendered}
      picture={picture}
      durationSeconds={durationSeconds}
    >
      <video
        ref={video}
        muted
        playsInline
        aria-label={t`Live picture from the camera`}
        className={`absolute inset-0 size-full object-contain ${picture === "still" ? "invisible" : ""}`}
      />
      {live ? (
        <div className="absolute top-3 right-3 flex items-center gap-2">
          <span className="rounded bg-black/60 px-2 py-0.5 font-mono text-sm" role="timer">
            <span className="sr-only">{t`Time left`} </span>
            {countdown}
          </span>
        </div>
      ) : null}

      <div className={frameOverlay}>
        {waiting ? <StartOverlay offline={offline} onStart={() => void start()} /> : null}
        {busy ? (
          <StreamProgress>{attempt > 0 ? progress.connecting : announcement}</StreamProgress>
        ) : null}
        {phase.name === "failed" ? (
          <>
            <p className="rounded bg-black/60 px-4 py-2">{announcement}</p>
            <button type="button" className={primaryButton} onClick={() => void start()}>
              <ReplayIcon aria-hidden="true" className="size-5" />
              {t`Try again`}
            </button>
          </>
        ) : null}
        {phase.name === "ended" ? (
          <>
            <p className="rounded bg-black/60 px-4 py-2">{announcement}</p>
            <button type="button" className={primaryButton} onClick={() => void start()}>
              <ReplayIcon aria-hidden="true" className="size-5" />
              {t`Watch again`}
            </button>
          </>
        ) : null}
      </div>

      {picture !== "still" ? (
        <div className="absolute right-3 bottom-3 flex gap-2">
          {live ? (
            <LivePicture video={video} className={overlayButton} onAnnounce={onAnnounce} />
          ) : null}
          <button type="button" className={overlayButton} onClick={stop}>
            <StopIcon aria-hidden="true" className="size-5" />
            {t`Stop`}
          </button>
          {/* A frame whose host did not allow fullscreen cannot have it. */}
          {document.fullscreenEnabled ? (
            <button type="button" className={overlayButton} onClick={fullscreen.toggle}>
              {fullscreen.active ? (
                <ExitFullscreenIcon aria-hidden="true" className="size-5" />
              ) : (
                <FullscreenIcon aria-hidden="true" className="size-5" />
              )}
              {fullscreen.active ? t`Exit fullscreen` : t`Fullscreen`}
            </button>
          ) : null}
        </div>
      ) : null}
    </StreamFrame>
  );
}
