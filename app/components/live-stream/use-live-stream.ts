import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { reportEvent, reportLiveStart } from "#app/components/statistics/report-usage.ts";
import {
  type StreamSession,
  type StreamStatus,
  streamSession,
  streamSessionState,
} from "#app/features/live-stream/live-stream-api.ts";
import { fetchRead } from "#app/lib/fetch-read.ts";
import { readAnswer } from "#app/lib/read-answer.ts";
import { requestSession, type SessionRequest } from "./session-request.ts";
import { attachPlayer, loadPlayer } from "./stream-player.ts";
import { useStreamStatus } from "./stream-status.ts";

// The spec's 10–15 s wait for the camera, an attempt every 500 ms.
export const CONNECTION_ATTEMPTS = 30;
const ATTEMPT_INTERVAL_MS = 500;
// Each step stays readable (and speakable) this long, unless the picture ends it (ADR 028).
export const MIN_STEP_MS = 800;
// A frozen picture gives up 4 s after it froze, inside the 8 s from its last frame (ADR 028).
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

const endPhases = new Set<Phase["name"]>(["offline", "failed", "stopped", "ended"]);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

export function useLiveStream(
  video: React.RefObject<HTMLVideoElement | null>,
  initialStatus: StreamStatus | null,
  /** The share of live starts whose press → first frame is reported (ADR 014). */
  speedSamplePercent = 0,
) {
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  // While a session runs its picture is the camera's status: read only when none runs (issue 35).
  const [status, setStatus, seenLive] = useStreamStatus(initialStatus, !endPhases.has(phase.name));
  const [durationSeconds, setDurationSeconds] = useState(60);
  const run = useRef(0); // each start is a new run: an older one's answers are ignored
  const shown = useRef<{ phase: Phase; at: number }>({ phase: { name: "idle" }, at: 0 });
  const teardown = useRef<(() => void) | null>(null);
  const sessionUrl = useRef<string | null>(null);
  const freezes = useRef(0); // a resume or a new freeze ends the attempts of the one before

  const show = useCallback((next: Phase) => {
    shown.current = { phase: next, at: performance.now() };
    setPhase(next);
  }, []);

  // Counted from the render: a busy main thread (hls.js arriving) may render a step late.
  useLayoutEffect(() => {
    shown.current = { phase, at: performance.now() };
  }, [phase]);

  const readable = useCallback(async () => {
    const left = () => shown.current.at + MIN_STEP_MS - performance.now();
    while (left() > 0) await wait(left());
  }, []);

  // A step the work has already left behind (`past`) is skipped.
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

  const streamSettled = useCallback(async (id: number, url: string): Promise<string> => {
    while (run.current === id) {
      const answer = await readAnswer(await fetchRead(`${url}&wait=settled`), streamSessionState);
      if (!answer.ok) return "";
      if (answer.value.state !== "starting") return answer.value.state;
    }
    return "starting";
  }, []);

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

  const askSession = useCallback(async (url: string) => {
    try {
      const answer = await readAnswer(await fetchRead(url), streamSessionState);
      return answer.ok ? answer.value.state : null;
    } catch {
      return null;
    }
  }, []);

  const reconnect = useCallback(
    async (id: number) => {
      const live = shown.current.phase;
      if (run.current !== id || live.name !== "live") return;
      const freeze = ++freezes.current;
      const frozen = () => run.current === id && freezes.current === freeze;
      // Held to the clock, not to a count of timers: on a busy page (a slow phone, a long task)
      // timers fire late, and fewer attempts fit before the same moment of giving up.
      const giveUpAt = performance.now() + RECONNECT_ATTEMPTS * RECONNECT_INTERVAL_MS;
      for (
        let attempt = 1;
        attempt <= RECONNECT_ATTEMPTS && performance.now() < giveUpAt;
        attempt++
      ) {
        show({ name: "reconnecting", attempt, expiresAt: live.expiresAt });
        const url = sessionUrl.current;
        const next = wait(Math.min(RECONNECT_INTERVAL_MS, giveUpAt - performance.now()));
        const state = await Promise.race([url ? askSession(url) : null, next.then(() => null)]);
        if (!frozen()) return;
        if (state === "failed" || state === "ended") {
          // The Worker's stall may come first (the picture runs seconds behind): the attempt is
          // still said, readable like every step, but never past the moment of giving up.
          await Promise.race([readable(), wait(giveUpAt - performance.now())]);
          if (frozen()) finish(id, { name: state });
          return;
        }
        await next;
        if (!frozen()) return;
      }
      finish(id, { name: "failed" });
    },
    [askSession, finish, readable, show],
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
    (id: number, session: StreamSession) =>
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
            const stop = await attachPlayer(element, session, {
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

  // `pending`: the session request the panel sent on the press (session-request.ts).
  const start = useCallback(
    async (pending?: SessionRequest) => {
      const { response: requested, pressedAt } = pending ?? requestSession();
      release();
      run.current += 1;
      const id = run.current;
      sessionUrl.current = null;
      show({ name: "starting" });
      try {
        const response = await requested;
        // This device's clock: by the Worker's `expiresAt`, a slow one would count past the end.
        const answeredAt = Date.now();
        if (run.current !== id) return;
        if (response.status === 503) {
          setStatus((known) => ({ live: false, still: null, ...known, online: false }));
          return settle(id, { name: "offline" });
        }
        const answer = await readAnswer(response, streamSession);
        if (!answer.ok) return settle(id, { name: "failed" });
        const session = answer.value;
        setDurationSeconds(session.durationSeconds);
        sessionUrl.current = `/api/stream/session?token=${encodeURIComponent(session.token)}`;
        // The work runs ahead of the steps, and the first frame ends whichever shows (ADR 028).
        const settling = session.live
          ? Promise.resolve("live")
          : streamSettled(id, sessionUrl.current);
        const playing = settling.then(
          (state) => state === "live" && run.current === id && play(id, session),
          () => false,
        );
        const playingNow = arrived(playing);
        const framed = () => playingNow() === true;
        void playing.then((ok) => {
          if (ok && run.current === id) {
            reportLiveStart(performance.now() - pressedAt, speedSamplePercent);
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
    [connect, play, release, settle, setStatus, show, speedSamplePercent, step, streamSettled],
  );

  const stop = useCallback(() => {
    // So the box may stop sooner; offline, the session simply runs out.
    if (sessionUrl.current) {
      fetch(sessionUrl.current, { method: "DELETE", keepalive: true }).catch(() => undefined);
    }
    sessionUrl.current = null;
    finish(run.current, { name: "stopped" });
  }, [finish]);
  const end = useCallback(() => {
    if (shown.current.phase.name === "live") {
      reportEvent("stream_completed");
      seenLive();
    }
    finish(run.current, { name: "ended" });
  }, [finish, seenLive]);

  return { status, phase, durationSeconds, start, stop, end };
}
