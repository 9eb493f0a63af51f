import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { fetchRead } from "~/lib/fetch-read";
import { attachPlayer, loadPlayer } from "~/lib/stream-player";
import { trackEvent } from "~/lib/track";
import { fetchStreamStatus, type StreamStatus } from "./stream-status";

/** How often and how long the panel asks whether the camera delivers (spec: 10-15 s wait). */
export const CONNECTION_ATTEMPTS = 30;
const ATTEMPT_INTERVAL_MS = 500;
/** Each step stays readable (and speakable) this long; the work goes on underneath. */
export const MIN_STEP_MS = 800;

type Session = {
  token: string;
  expiresAt: string;
  durationSeconds: number;
  playlistUrl: string;
  /** Joining a stream that already runs: there is no camera to wait for. */
  live: boolean;
};

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
  | { name: "stopped" }
  | { name: "ended" };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starting again is a new run: whatever an older run still receives is ignored. */
export function useLiveStream(
  video: React.RefObject<HTMLVideoElement | null>,
  initialStatus: StreamStatus | null,
) {
  const [status, setStatus] = useState<StreamStatus | null>(initialStatus);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [durationSeconds, setDurationSeconds] = useState(60);
  const run = useRef(0);
  const shown = useRef({ name: "idle" as Phase["name"], at: 0 });
  const teardown = useRef<(() => void) | null>(null);
  const sessionUrl = useRef<string | null>(null);

  const show = useCallback((next: Phase) => {
    shown.current = { name: next.name, at: performance.now() };
    setPhase(next);
  }, []);

  // A step counts from when it reached the screen: a busy main thread (hls.js arriving)
  // can render it well after it was asked for.
  useLayoutEffect(() => {
    shown.current = { name: phase.name, at: performance.now() };
  }, [phase]);

  const readable = useCallback(async () => {
    const left = () => shown.current.at + MIN_STEP_MS - performance.now();
    while (left() > 0) await wait(left());
  }, []);

  const step = useCallback(
    async (id: number, next: Phase) => {
      if (next.name !== shown.current.name) await readable();
      if (run.current !== id) return false;
      show(next);
      return true;
    },
    [readable, show],
  );

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
      show(next);
      void fetchStreamStatus().then((fetched) => {
        if (fetched) setStatus(fetched);
      });
    },
    [release, show],
  );

  const settle = useCallback(
    async (id: number, next: Phase) => {
      await readable();
      finish(id, next);
    },
    [finish, readable],
  );

  /**
   * The attempts tick on screen while one request waits for the stream to settle: the Worker
   * answers the moment the first segment lands (or the box fails), not at the next poll.
   */
  const connect = useCallback(
    async (id: number, url: string): Promise<string | null> => {
      const deadline = Date.now() + CONNECTION_ATTEMPTS * ATTEMPT_INTERVAL_MS;
      const settled = (async () => {
        while (Date.now() < deadline && run.current === id) {
          const check = await fetchRead(`${url}&wait=settled`);
          const { state } = check.ok ? ((await check.json()) as { state: string }) : { state: "" };
          if (state !== "starting") return state;
        }
        return "starting";
      })();
      for (let attempt = 1; attempt <= CONNECTION_ATTEMPTS; attempt++) {
        if (!(await step(id, { name: "connecting", attempt }))) return null;
        const state = await Promise.race([settled, wait(ATTEMPT_INTERVAL_MS).then(() => null)]);
        if (run.current !== id) return null;
        if (state !== null) return state;
      }
      return "starting";
    },
    [step],
  );

  const play = useCallback(
    (id: number, playlistUrl: string) =>
      new Promise<boolean>((resolve) => {
        const fail = (reason: string) => {
          console.warn(`live stream: ${reason}`);
          finish(id, { name: "failed" });
          resolve(false);
        };
        loadPlayer()
          .then(async () => {
            const element = video.current;
            if (run.current !== id || !element) return resolve(false);
            const stop = await attachPlayer(element, playlistUrl, {
              onFirstFrame: () => resolve(true),
              onFailure: fail,
            });
            if (run.current === id) teardown.current = stop;
            else stop();
          })
          .catch((error: unknown) => fail(`could not load the player: ${String(error)}`));
      }),
    [finish, video],
  );

  const start = useCallback(async () => {
    release();
    run.current += 1;
    const id = run.current;
    sessionUrl.current = null;
    show({ name: "starting" });
    try {
      const response = await fetch("/api/stream/sessions", { method: "POST" });
      if (run.current !== id) return;
      if (response.status === 503) {
        setStatus((known) => ({ live: false, still: null, ...known, online: false }));
        return settle(id, { name: "offline" });
      }
      if (!response.ok) return settle(id, { name: "failed" });
      const session = (await response.json()) as Session;
      setDurationSeconds(session.durationSeconds);
      sessionUrl.current = `/api/stream/session?token=${encodeURIComponent(session.token)}`;
      if (!session.live) {
        if (!(await step(id, { name: "initializing" }))) return;
        const state = await connect(id, sessionUrl.current);
        if (state === null) return;
        if (state !== "live") return settle(id, { name: "failed" });
      }
      if (!(await step(id, { name: "ready" }))) return;
      const playing = play(id, session.playlistUrl);
      if (!(await step(id, { name: "player" }))) return;
      if (!(await playing)) return;
      await step(id, { name: "live", expiresAt: Date.parse(session.expiresAt) });
    } catch (error) {
      console.warn("live stream: could not start", error);
      await settle(id, { name: "failed" });
    }
  }, [connect, play, release, settle, show, step]);

  const stop = useCallback(() => {
    // Tell the Worker, so the box can stop sooner when nobody else is watching.
    if (sessionUrl.current) void fetch(sessionUrl.current, { method: "DELETE", keepalive: true });
    sessionUrl.current = null;
    finish(run.current, { name: "stopped" });
  }, [finish]);
  // Called when the session's time is up while live: the visitor watched it to the end.
  const end = useCallback(() => {
    if (shown.current.name === "live") trackEvent("stream_completed");
    finish(run.current, { name: "ended" });
  }, [finish]);

  return { status, phase, durationSeconds, start, stop, end };
}
