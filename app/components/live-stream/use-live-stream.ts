import { useCallback, useEffect, useRef, useState } from "react";
import { fetchRead } from "~/lib/fetch-read";
import { attachPlayer, loadPlayer } from "~/lib/stream-player";
import { fetchStreamStatus, type StreamStatus } from "./stream-status";

/** How often and how long the panel asks whether the camera delivers (spec: 10-15 s wait). */
export const CONNECTION_ATTEMPTS = 30;
const ATTEMPT_INTERVAL_MS = 500;

type Session = { token: string; expiresAt: string; durationSeconds: number; playlistUrl: string };

export type Phase =
  | { name: "idle" }
  | { name: "offline" }
  | { name: "starting" }
  | { name: "initializing" }
  | { name: "connecting"; attempt: number }
  | { name: "ready" }
  | { name: "player" }
  | { name: "live"; expiresAt: number }
  | { name: "failed" }
  | { name: "ended" };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The panel's states: placeholder → progress → live → ended, or failed with a retry. */
export function useLiveStream(
  video: React.RefObject<HTMLVideoElement | null>,
  initialStatus: StreamStatus | null,
) {
  const [status, setStatus] = useState<StreamStatus | null>(initialStatus);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [durationSeconds, setDurationSeconds] = useState(60);
  // Each start gets a new run id; anything from an older run is ignored.
  const run = useRef(0);
  const teardown = useRef<(() => void) | null>(null);
  const sessionUrl = useRef<string | null>(null);

  const refreshStatus = useCallback(async () => {
    const fetched = await fetchStreamStatus();
    if (fetched) setStatus(fetched);
  }, []);

  const release = useCallback(() => {
    teardown.current?.();
    teardown.current = null;
  }, []);

  useEffect(() => release, [release]);

  const finish = useCallback(
    (id: number, next: Phase) => {
      if (run.current !== id) return;
      run.current += 1;
      release();
      setPhase(next);
      void refreshStatus();
    },
    [release, refreshStatus],
  );

  const start = useCallback(async () => {
    release();
    run.current += 1;
    const id = run.current;
    const current = () => run.current === id;
    setPhase({ name: "starting" });
    try {
      const response = await fetch("/api/stream/sessions", { method: "POST" });
      if (!current()) return;
      if (response.status === 503) {
        setStatus((s) => (s ? { ...s, online: false } : s));
        return finish(id, { name: "offline" });
      }
      if (!response.ok) return finish(id, { name: "failed" });
      const session = (await response.json()) as Session;
      setDurationSeconds(session.durationSeconds);
      setPhase({ name: "initializing" });

      const statusUrl = `/api/stream/session?token=${encodeURIComponent(session.token)}`;
      sessionUrl.current = statusUrl;
      let ready = false;
      for (let attempt = 1; attempt <= CONNECTION_ATTEMPTS && !ready; attempt++) {
        await wait(ATTEMPT_INTERVAL_MS);
        if (!current()) return;
        setPhase({ name: "connecting", attempt });
        const check = await fetchRead(statusUrl);
        if (!current()) return;
        const { state } = check.ok ? ((await check.json()) as { state: string }) : { state: "" };
        if (state === "failed" || state === "ended" || !check.ok)
          return finish(id, { name: "failed" });
        ready = state === "live";
      }
      if (!ready) return finish(id, { name: "failed" });

      setPhase({ name: "ready" });
      await loadPlayer();
      // Let "feed ready" paint before the next message replaces it.
      await new Promise(requestAnimationFrame);
      const element = video.current;
      if (!current() || !element) return;
      setPhase({ name: "player" });
      const expiresAt = Date.parse(session.expiresAt);
      teardown.current = await attachPlayer(element, session.playlistUrl, {
        onFirstFrame: () => {
          if (current()) setPhase({ name: "live", expiresAt });
        },
        onFailure: (reason) => {
          console.warn(`live stream: ${reason}`);
          finish(id, { name: "failed" });
        },
      });
      if (!current()) release();
    } catch (error) {
      console.warn("live stream: could not start", error);
      finish(id, { name: "failed" });
    }
  }, [finish, release, video]);

  const stop = useCallback(() => {
    // Tell the Worker, so the box can stop sooner when nobody else is watching.
    if (sessionUrl.current) void fetch(sessionUrl.current, { method: "DELETE", keepalive: true });
    sessionUrl.current = null;
    finish(run.current, { name: "idle" });
  }, [finish]);
  const end = useCallback(() => finish(run.current, { name: "ended" }), [finish]);

  return { status, phase, durationSeconds, start, stop, end };
}
