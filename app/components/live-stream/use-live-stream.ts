import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { reportEvent } from "#app/components/statistics/report-usage.ts";
import type {
  StreamSession,
  StreamSessionState,
  StreamStatus,
} from "#app/features/live-stream/live-stream-api.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { requestSession } from "./session-request.ts";
import { attachPlayer, loadPlayer } from "./stream-player.ts";
import { fetchStreamStatus } from "./stream-status.ts";

/** How often and how long the panel asks whether the camera delivers (spec: 10-15 s wait). */
export const CONNECTION_ATTEMPTS = 30;
const ATTEMPT_INTERVAL_MS = 500;
/** Each step stays readable (and speakable) this long, unless the picture ends it. */
export const MIN_STEP_MS = 800;
/**
 * Once the picture froze, the panel asks this often and this many times whether the camera still
 * delivers, while the player reloads on its own. It gives up about when the Worker would (8 s
 * after the last segment, which the picture trails by a segment or so): "Connection failed"
 * within 8 s of the last frame.
 */
export const RECONNECT_ATTEMPTS = 4;
const RECONNECT_INTERVAL_MS = 1_000;

export type Phase =
  | { name: "idle" }
  | { name: "offline" }
  | { name: "starting" }
  | { name: "initializing" }
  | { name: "connecting"; attempt: number }
  | { name: "ready" }
  | { name: "player" }
  | { name: "live"; expiresAt: number }
  | { name: "reconnecting"; attempt: number; expiresAt: number }
  | { name: "failed" }
  | { name: "stopped" }
  | { name: "ended" };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise's value once it is in (undefined until then), for steps that must not wait. */
function arrived<T>(promise: Promise<T>): () => T | undefined {
  let value: T | undefined;
  promise.then(
    (result) => {
      value = result;
    },
    () => undefined, // whoever awaits the promise itself handles its failure
  );
  return () => value;
}

/** Starting again is a new run: whatever an older run still receives is ignored. */
export function useLiveStream(
  video: React.RefObject<HTMLVideoElement | null>,
  initialStatus: StreamStatus | null,
) {
  const [status, setStatus] = useState<StreamStatus | null>(initialStatus);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [durationSeconds, setDurationSeconds] = useState(60);
  const run = useRef(0);
  const shown = useRef<{ phase: Phase; at: number }>({ phase: { name: "idle" }, at: 0 });
  const teardown = useRef<(() => void) | null>(null);
  const sessionUrl = useRef<string | null>(null);
  /** Counts the picture's freezes: a resume or a new freeze ends the attempts of the one before. */
  const freezes = useRef(0);

  const show = useCallback((next: Phase) => {
    shown.current = { phase: next, at: performance.now() };
    setPhase(next);
  }, []);

  // A step counts from when it reached the screen: a busy main thread (hls.js arriving)
  // can render it well after it was asked for.
  useLayoutEffect(() => {
    shown.current = { phase, at: performance.now() };
  }, [phase]);

  const readable = useCallback(async () => {
    const left = () => shown.current.at + MIN_STEP_MS - performance.now();
    while (left() > 0) await wait(left());
  }, []);

  /**
   * Shows `next` once the step on screen has been readable, unless the work has already gone
   * past it (`past`): a step is on screen only while it is true.
   */
  const step = useCallback(
    async (id: number, next: Phase, past: () => boolean = () => false) => {
      if (next.name !== shown.current.phase.name) await readable();
      if (run.current !== id) return false;
      if (!past()) show(next);
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

  /** The Worker answers the moment the first segment lands or the box fails, not at a poll. */
  const streamSettled = useCallback(async (id: number, url: string): Promise<string> => {
    while (run.current === id) {
      const check = await fetchRead(`${url}&wait=settled`);
      const { state } = check.ok ? ((await check.json()) as StreamSessionState) : { state: "" };
      if (state !== "starting") return state;
    }
    return "starting";
  }, []);

  /** The camera's steps on screen, the attempts ticking, until the stream has settled. */
  const connect = useCallback(
    async (id: number, settling: Promise<string>): Promise<string | null> => {
      const settled = arrived(settling);
      const past = () => settled() !== undefined;
      if (!(await step(id, { name: "initializing" }, past))) return null;
      for (let attempt = 1; attempt <= CONNECTION_ATTEMPTS && !past(); attempt++) {
        if (!(await step(id, { name: "connecting", attempt }, past))) return null;
        await Promise.race([settling, wait(ATTEMPT_INTERVAL_MS)]);
        if (run.current !== id) return null;
      }
      return settled() ?? "starting";
    },
    [step],
  );

  /** Where the Worker says the session stands; null when it cannot be asked. */
  const askSession = useCallback(async (url: string) => {
    try {
      const response = await fetchRead(url);
      return response.ok ? ((await response.json()) as StreamSessionState).state : null;
    } catch {
      return null;
    }
  }, []);

  /**
   * The picture froze while live: LIVE and the countdown go, the attempts tick while the player
   * reloads and the Worker is asked whether the stream still runs, until the picture moves again
   * or the attempts run out.
   */
  const reconnect = useCallback(
    async (id: number) => {
      const live = shown.current.phase;
      if (run.current !== id || live.name !== "live") return;
      const freeze = ++freezes.current;
      const frozen = () => run.current === id && freezes.current === freeze;
      for (let attempt = 1; attempt <= RECONNECT_ATTEMPTS; attempt++) {
        show({ name: "reconnecting", attempt, expiresAt: live.expiresAt });
        const url = sessionUrl.current;
        const next = wait(RECONNECT_INTERVAL_MS);
        const state = await Promise.race([url ? askSession(url) : null, next.then(() => null)]);
        if (!frozen()) return;
        if (state === "failed" || state === "ended") return finish(id, { name: state });
        await next;
        if (!frozen()) return;
      }
      finish(id, { name: "failed" });
    },
    [askSession, finish, show],
  );

  const resumed = useCallback(
    (id: number) => {
      const current = shown.current.phase;
      if (run.current !== id || current.name !== "reconnecting") return;
      freezes.current += 1;
      show({ name: "live", expiresAt: current.expiresAt });
    },
    [show],
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
              onFrozen: () => void reconnect(id),
              onResumed: () => resumed(id),
              onFailure: fail,
            });
            if (run.current === id) teardown.current = stop;
            else stop();
          })
          .catch((error: unknown) => fail(`could not load the player: ${String(error)}`));
      }),
    [finish, reconnect, resumed, video],
  );

  /** `pending`: the session request the panel sent on the press, before this code arrived. */
  const start = useCallback(
    async (pending?: Promise<Response>) => {
      release();
      run.current += 1;
      const id = run.current;
      sessionUrl.current = null;
      show({ name: "starting" });
      try {
        const response = await (pending ?? requestSession());
        // The countdown runs from here on this device's clock: the Worker's `expiresAt` is on
        // its own, and a visitor's clock running slow would show time left after the stream
        // was refused ("Connection failed" instead of "Session ended").
        const answeredAt = Date.now();
        if (run.current !== id) return;
        if (response.status === 503) {
          setStatus((known) => ({ live: false, still: null, ...known, online: false }));
          return settle(id, { name: "offline" });
        }
        if (!response.ok) return settle(id, { name: "failed" });
        const session = (await response.json()) as StreamSession;
        setDurationSeconds(session.durationSeconds);
        sessionUrl.current = `/api/stream/session?token=${encodeURIComponent(session.token)}`;
        // The work runs ahead as fast as it can: the wait for the camera begins with the session,
        // and the player attaches the moment the stream is live. The steps follow it on screen,
        // and the first frame ends whichever is showing: the picture is what the visitor awaits.
        const settling = session.live
          ? Promise.resolve("live")
          : streamSettled(id, sessionUrl.current);
        const playing = settling.then(
          (state) => state === "live" && run.current === id && play(id, session.playlistUrl),
          () => false,
        );
        const playingNow = arrived(playing);
        const framed = () => playingNow() === true;
        void playing.then((ok) => {
          if (ok && run.current === id) {
            show({ name: "live", expiresAt: answeredAt + session.durationSeconds * 1000 });
          }
        });
        if (!session.live) {
          const state = await connect(id, settling);
          if (state === null) return;
          if (state !== "live") return settle(id, { name: "failed" });
        }
        if (!(await step(id, { name: "ready" }, framed))) return;
        await step(id, { name: "player" }, framed);
      } catch (error) {
        console.warn("live stream: could not start", error);
        await settle(id, { name: "failed" });
      }
    },
    [connect, play, release, settle, show, step, streamSettled],
  );

  const stop = useCallback(() => {
    // Tell the Worker, so the box can stop sooner when nobody else is watching; offline, the
    // session simply runs out.
    if (sessionUrl.current) {
      fetch(sessionUrl.current, { method: "DELETE", keepalive: true }).catch(() => undefined);
    }
    sessionUrl.current = null;
    finish(run.current, { name: "stopped" });
  }, [finish]);
  // Called when the session's time is up while live: the visitor watched it to the end.
  const end = useCallback(() => {
    if (shown.current.phase.name === "live") reportEvent("stream_completed");
    finish(run.current, { name: "ended" });
  }, [finish]);

  return { status, phase, durationSeconds, start, stop, end };
}
