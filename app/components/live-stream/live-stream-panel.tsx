import { useLingui } from "@lingui/react/macro";
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { StreamStatus } from "#app/features/live-stream/live-stream-api.ts";
import { loadCatalog } from "#app/i18n/load-messages.ts";
import { requestSession, type SessionRequest } from "./session-request.ts";
import { StartOverlay, StreamFrame, StreamProgress } from "./stream-frame.tsx";
import { type RenderedStill, useStreamStatus } from "./stream-status.ts";
import { wantsToWatchLive } from "./watch-live-link.tsx";

// The session, the player, hls.js and the live catalog load on intent (ADR 028), not with the home page.
const loadSession = () =>
  Promise.all([import("./live-session.tsx"), loadCatalog("live")]).then(([session]) => session);
const LiveSession = lazy(loadSession);
const DEFAULT_SESSION_SECONDS = 60;

function preload() {
  loadSession()
    .then((session) => session.preloadPlayer())
    .catch(() => undefined);
}

const startedFor = new Set<string>(); // entries whose "Watch live" link started a session

// A focused control that disappears hands the focus to `ref`, not to the page's start.
function useFocusStaysInside(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let focused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target as Element;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) focused = null;
    };
    const observer = new MutationObserver(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (focused && !focused.isConnected && lost) container.focus({ preventScroll: true });
      // The next Try again takes the focus back, so Enter works again without a Tab.
      if (document.activeElement === container) {
        container.querySelector<HTMLElement>("[data-takes-focus]")?.focus({ preventScroll: true });
      }
    });
    observer.observe(container, { childList: true, subtree: true });
    container.addEventListener("focusin", onFocusIn);
    container.addEventListener("focusout", onFocusOut);
    return () => {
      observer.disconnect();
      container.removeEventListener("focusin", onFocusIn);
      container.removeEventListener("focusout", onFocusOut);
    };
  }, [ref]);
}

export function LiveStreamPanel({
  rendered,
  initialStatus = null,
}: {
  rendered: RenderedStill;
  /** The camera's status as the server saw it, for a page that renders without scripts. */
  initialStatus?: StreamStatus | null;
}) {
  const { t } = useLingui();
  const [firstRequest, setFirstRequest] = useState<SessionRequest | null>(null);
  // From the first press on, the session's own (useLiveStream) reads it.
  const [status] = useStreamStatus(initialStatus, firstRequest !== null);
  // Here, in the DOM from the start, so screen readers say every step of the late session.
  const [announcement, setAnnouncement] = useState("");
  const panel = useRef<HTMLDivElement>(null);
  useFocusStaysInside(panel);
  const starting = t`Starting session…`;
  const begin = useCallback(() => {
    preload();
    const pending = requestSession();
    pending.response.catch(() => undefined); // the session reports a failed request when it takes it over
    setAnnouncement(starting);
    setFirstRequest(pending);
  }, [starting]);

  const location = useLocation();
  useEffect(() => {
    if (!wantsToWatchLive(location.state) || startedFor.has(location.key)) return;
    startedFor.add(location.key);
    begin();
    panel.current?.focus({ preventScroll: true });
  }, [location, begin]);

  const [hydrated, setHydrated] = useState(false);
  // A press that started the page's scripts (startScriptsOnPress) came before React: carry it out.
  useEffect(() => {
    setHydrated(true);
    const root = document.documentElement;
    if (root.dataset.pressed !== "live") return;
    delete root.dataset.pressed;
    begin();
    panel.current?.focus({ preventScroll: true });
  }, [begin]);

  const frame = (overlay: React.ReactNode) => (
    <StreamFrame
      status={status}
      rendered={rendered}
      picture="still"
      durationSeconds={DEFAULT_SESSION_SECONDS}
    >
      {overlay}
    </StreamFrame>
  );
  return (
    <div ref={panel} tabIndex={-1} className="rounded-xl">
      {firstRequest ? (
        <Suspense
          fallback={frame(
            <div className="absolute inset-0 flex items-center justify-center p-4">
              <StreamProgress>{starting}</StreamProgress>
            </div>,
          )}
        >
          <LiveSession
            initialStatus={status}
            rendered={rendered}
            pending={firstRequest}
            onAnnounce={setAnnouncement}
          />
        </Suspense>
      ) : (
        frame(
          <StartOverlay offline={status?.online === false} onIntent={preload} onStart={begin} />,
        )
      )}
      <p className="sr-only" aria-live="polite">
        {/* Said from the press on a page whose scripts it starts, until React takes over. */}
        {hydrated ? null : (
          <span className="hidden [html[data-pressed=live]_&]:inline">{starting}</span>
        )}
        {announcement}
      </p>
    </div>
  );
}
