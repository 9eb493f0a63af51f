import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { StreamFrame, StreamProgress, WatchLiveButton } from "./stream-frame";
import { useStreamStatus } from "./stream-status";

// The session, the player and hls.js load on intent (hover, focus or click on play), never
// with the page: the home page ships only this placeholder.
const loadSession = () => import("./live-session");
const LiveSession = lazy(loadSession);
const DEFAULT_SESSION_SECONDS = 60;

function preload() {
  loadSession()
    .then((session) => session.preloadPlayer())
    .catch(() => undefined);
}

/** The home page's live camera: a still with its time, then a one-minute live session. */
export function LiveStreamPanel() {
  const { t } = useLingui();
  const status = useStreamStatus();
  const [started, setStarted] = useState(false);
  // The live region lives here, in the DOM from the start, so screen readers announce
  // every step of the session that loads later.
  const [announcement, setAnnouncement] = useState("");
  const region = (
    <p className="sr-only" aria-live="polite">
      {announcement}
    </p>
  );
  const frame = (overlay: React.ReactNode) => (
    <StreamFrame
      status={status}
      live={false}
      offline={false}
      durationSeconds={DEFAULT_SESSION_SECONDS}
    >
      {overlay}
    </StreamFrame>
  );
  if (!started) {
    return (
      <>
        {frame(
          <WatchLiveButton
            offline={false}
            onIntent={preload}
            onStart={() => {
              preload();
              setAnnouncement(t`Starting session…`);
              setStarted(true);
            }}
          />,
        )}
        {region}
      </>
    );
  }
  // While the session code arrives, the panel already says what the session will say first.
  const starting = frame(
    <div className="absolute inset-0 flex items-center justify-center p-4">
      <StreamProgress>{t`Starting session…`}</StreamProgress>
    </div>,
  );
  return (
    <>
      <Suspense fallback={starting}>
        <LiveSession initialStatus={status} onAnnounce={setAnnouncement} />
      </Suspense>
      {region}
    </>
  );
}
