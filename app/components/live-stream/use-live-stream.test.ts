import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { PlayerEvents } from "./stream-player.ts";

// The player module is the boundary to hls.js and the <video>: replaced, and driven by the
// tests (first frame, failure). The network is a fake `fetch` that plays the Worker.
const player = vi.hoisted(() => ({
  loadPlayer: vi.fn<() => Promise<void>>(),
  attachPlayer:
    vi.fn<(video: HTMLVideoElement, session: unknown, events: PlayerEvents) => unknown>(),
}));
vi.mock("./stream-player.ts", () => player);

import { requestSession } from "./session-request.ts";
import {
  CONNECTION_ATTEMPTS,
  MIN_STEP_MS,
  type Phase,
  RECONNECT_ATTEMPTS,
  useLiveStream,
} from "./use-live-stream.ts";

const SESSION = {
  token: "t0k",
  expiresAt: "2026-11-22T18:52:00.000Z",
  durationSeconds: 60,
  playlistUrl: "/api/stream/s/t0k/live.m3u8",
  segments: {
    first: 0,
    edge: 0,
    seconds: 2,
    urls: ["/media/live/1/0-a.ts", "/media/live/1/1-b.ts"],
  },
  live: false,
};

/** The Worker holds a waiting panel's request this long at most (live-stream-routes.ts). */
const SETTLE_WAIT_MS = 10_000;

type Worker = {
  online: boolean;
  sessions: { status: number; body?: unknown };
  /** When, after the session was created, the stream settles, and how; null: never. */
  settles: { afterMs: number; state: "live" | "failed" } | null;
  settlesAt: number;
  /** What the session's plain state question answers once the stream settled. */
  state: "live" | "failed" | "ended";
  requests: string[];
};

let worker: Worker;
let events: PlayerEvents | null;
let teardown: ReturnType<typeof vi.fn>;
let beacons: string[];
let seen: { phase: Phase; at: number }[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-11-22T18:50:00Z") });
  worker = {
    online: true,
    sessions: { status: 201, body: SESSION },
    settles: { afterMs: 600, state: "live" },
    settlesAt: 0,
    state: "live",
    requests: [],
  };
  events = null;
  seen = [];
  teardown = vi.fn();
  player.loadPlayer.mockResolvedValue(undefined);
  player.attachPlayer.mockImplementation(async (_video, _session, playerEvents) => {
    events = playerEvents;
    return teardown;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      worker.requests.push(`${method} ${url}`);
      if (url === "/api/stream/sessions") {
        worker.settlesAt = Date.now() + (worker.settles?.afterMs ?? 0);
        return json(worker.sessions.body ?? { error: { code: "x" } }, worker.sessions.status);
      }
      if (url === `/api/stream/session?token=${SESSION.token}` && method === "DELETE") {
        return new Response(null, { status: 204 });
      }
      if (url === `/api/stream/session?token=${SESSION.token}&wait=settled`) {
        const { settles } = worker;
        const left = settles ? Math.max(0, worker.settlesAt - Date.now()) : Infinity;
        const [after, state] =
          settles && left <= SETTLE_WAIT_MS ? [left, settles.state] : [SETTLE_WAIT_MS, "starting"];
        await new Promise((resolve) => setTimeout(resolve, after));
        return json({ state, online: worker.online });
      }
      if (url === `/api/stream/session?token=${SESSION.token}`) {
        return json({ state: worker.state, online: worker.online });
      }
      if (url === "/api/stream/status") {
        return json({ online: worker.online, live: false, still: null });
      }
      return json({ error: { code: "not_found" } }, 404);
    }),
  );
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  beacons = [];
  vi.spyOn(navigator, "sendBeacon").mockImplementation((url, body) => {
    beacons.push(`${url} ${String(body)}`);
    return true;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSession(speedSamplePercent?: number) {
  const video = { current: document.createElement("video") };
  return renderHook(() => {
    const session = useLiveStream(video, null, speedSamplePercent);
    const last = seen.at(-1)?.phase;
    if (JSON.stringify(last) !== JSON.stringify(session.phase)) {
      seen.push({ phase: session.phase, at: performance.now() });
    }
    return session;
  });
}

type Session = ReturnType<typeof renderSession>["result"];

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function until(result: Session, name: Phase["name"]) {
  for (let waited = 0; result.current.phase.name !== name; waited += 100) {
    if (waited > 60_000) throw new Error(`never reached ${name}: ${names()}`);
    await advance(100);
  }
}

const names = () =>
  seen.map(({ phase }) =>
    phase.name === "connecting" || phase.name === "reconnecting"
      ? `${phase.name} ${phase.attempt}`
      : phase.name,
  );
const waits = () =>
  worker.requests.filter((r) => r.startsWith("GET /api/stream/session?") && r.endsWith("settled"))
    .length;
const stateQuestions = () =>
  worker.requests.filter((r) => r === `GET /api/stream/session?token=${SESSION.token}`).length;

async function start(result: Session) {
  await act(async () => {
    void result.current.start();
  });
}

async function startLive(result: Session) {
  await start(result);
  await until(result, "player");
  await act(async () => events?.onFirstFrame());
  await until(result, "live");
}

describe("a live session", () => {
  test("goes from starting through each connection attempt to live, every step readable before the next", async () => {
    // initializing at 0.8 s, attempts from 1.6 s every 0.5 s: live during the third.
    worker.settles = { afterMs: 2_800, state: "live" };
    const { result } = renderSession();
    await start(result);
    await until(result, "player");
    // The player loaded and attached while "Feed ready" was on screen.
    expect(player.attachPlayer).toHaveBeenCalledWith(
      expect.any(HTMLVideoElement),
      expect.objectContaining({ playlistUrl: SESSION.playlistUrl, segments: SESSION.segments }),
      expect.anything(),
    );
    await act(async () => events?.onFirstFrame());
    await until(result, "live");

    expect(names()).toEqual([
      "idle",
      "starting",
      "initializing",
      "connecting 1",
      "connecting 2",
      "connecting 3",
      "ready",
      "player",
      "live",
    ]);
    // The session's minute from its answer, whatever the Worker's clock said (SESSION's
    // expiresAt is two minutes ahead: a visitor's clock running a minute slow).
    expect(result.current.phase).toEqual({
      name: "live",
      expiresAt: Date.parse("2026-11-22T18:50:00Z") + SESSION.durationSeconds * 1000,
    });
    seen.forEach(({ phase, at }, i) => {
      const next = seen[i + 1];
      if (i === 0 || !next || phase.name === "connecting" || next.phase.name === "live") return;
      expect(next.at - at, phase.name).toBeGreaterThanOrEqual(MIN_STEP_MS);
    });
  });

  test("the first frame ends the step on screen at once, and the steps it left behind are skipped", async () => {
    // The stream settles at 0.6 s and the player shows its first frame at once.
    player.attachPlayer.mockImplementation(async (_video, _session, playerEvents) => {
      playerEvents.onFirstFrame();
      return teardown;
    });
    const { result } = renderSession();
    await start(result);
    await advance(599);
    expect(result.current.phase.name).toBe("starting");
    await advance(1);
    expect(result.current.phase.name).toBe("live");
    expect(names()).toEqual(["idle", "starting", "live"]);
    await advance(5 * MIN_STEP_MS);
    expect(names()).toEqual(["idle", "starting", "live"]);
  });

  test("a first frame while a player step shows goes live at once", async () => {
    worker.sessions = { status: 201, body: { ...SESSION, live: true } };
    const { result } = renderSession();
    await start(result);
    await until(result, "ready");
    await advance(100);
    await act(async () => events?.onFirstFrame());
    expect(result.current.phase.name).toBe("live");
    await advance(5 * MIN_STEP_MS);
    expect(names()).toEqual(["idle", "starting", "ready", "live"]);
  });

  test("the session requested on the press is the one the first run takes over", async () => {
    const pending = requestSession();
    const { result } = renderSession();
    await act(async () => {
      void result.current.start(pending);
    });
    await until(result, "player");
    expect(worker.requests.filter((r) => r === "POST /api/stream/sessions")).toHaveLength(1);
    expect(player.attachPlayer).toHaveBeenCalledWith(
      expect.any(HTMLVideoElement),
      expect.objectContaining({ playlistUrl: SESSION.playlistUrl, segments: SESSION.segments }),
      expect.anything(),
    );
  });

  test("the player attaches the moment the stream is live, while a camera step is on screen", async () => {
    worker.settles = { afterMs: 1_000, state: "live" };
    const { result } = renderSession();
    await start(result);
    await advance(1_000);
    expect(result.current.phase.name).toBe("initializing");
    expect(player.attachPlayer).toHaveBeenCalledOnce();
    // No first frame yet: the panel goes on to the player's steps, each readable.
    await until(result, "player");
    await act(async () => events?.onFirstFrame());
    await until(result, "live");
    expect(names()).toEqual(["idle", "starting", "initializing", "ready", "player", "live"]);
  });

  test("a visitor joining a running stream skips the camera's steps and asks nothing more", async () => {
    worker.sessions = { status: 201, body: { ...SESSION, live: true } };
    const { result } = renderSession();
    await startLive(result);
    expect(names()).toEqual(["idle", "starting", "ready", "player", "live"]);
    expect(waits()).toBe(0);
  });

  test("the first segment ends the wait at once, not at the next attempt", async () => {
    worker.settles = { afterMs: 1_700, state: "live" };
    const { result } = renderSession();
    await start(result);
    await until(result, "ready");
    // Attempt 1 began at 1.6 s; live at 1.7 s; "ready" waits only for attempt 1 to be read.
    expect(names().filter((name) => name.startsWith("connecting"))).toEqual(["connecting 1"]);
    expect(waits()).toBe(1);
  });

  test("a camera that is offline is said to be offline, and no session is polled", async () => {
    worker.online = false;
    worker.sessions = { status: 503 };
    const { result } = renderSession();
    await start(result);
    await until(result, "offline");
    expect(result.current.status).toMatchObject({ online: false });
    expect(waits()).toBe(0);
    expect(names()).toEqual(["idle", "starting", "offline"]);
  });

  test("a box that never delivers fails after the last connection attempt", async () => {
    worker.settles = null;
    const { result } = renderSession();
    await start(result);
    await until(result, "failed");
    // Thirty attempts on screen, two waiting requests to the Worker.
    expect(waits()).toBe(2);
    expect(names().at(-2)).toBe(`connecting ${CONNECTION_ATTEMPTS}`);
    expect(player.attachPlayer).not.toHaveBeenCalled();
  });

  test("a stream that fails while connecting fails at once, and trying again is a new run", async () => {
    worker.settles = { afterMs: 2_000, state: "failed" };
    const { result } = renderSession();
    await start(result);
    await until(result, "failed");
    expect(waits()).toBe(1);
    await advance(5_000);
    expect(waits()).toBe(1);

    worker.settles = { afterMs: 500, state: "live" };
    await startLive(result);
    expect(worker.requests.filter((r) => r === "POST /api/stream/sessions")).toHaveLength(2);
  });

  test("a player that fails while live fails the session and is torn down", async () => {
    const { result } = renderSession();
    await startLive(result);
    await act(async () => events?.onFailure("stalled"));
    expect(result.current.phase.name).toBe("failed");
    expect(teardown).toHaveBeenCalledOnce();
  });

  test("a frozen picture takes LIVE and the countdown away while the attempts tick, and they come back with the picture", async () => {
    const { result } = renderSession();
    await startLive(result);
    const live = result.current.phase;
    await act(async () => events?.onFrozen());
    expect(result.current.phase).toEqual({
      name: "reconnecting",
      attempt: 1,
      expiresAt: live.name === "live" ? live.expiresAt : 0,
    });
    for (const attempt of [2, 3]) {
      await advance(1_000);
      expect(result.current.phase).toMatchObject({ name: "reconnecting", attempt });
    }
    expect(stateQuestions()).toBe(3);
    await act(async () => events?.onResumed());
    expect(result.current.phase).toEqual(live);
    // The attempts of that freeze are over: the next second changes nothing.
    await advance(RECONNECT_ATTEMPTS * 1_000);
    expect(result.current.phase).toEqual(live);
    expect(teardown).not.toHaveBeenCalled();
  });

  test("a picture that stays frozen fails after the last attempt, within eight seconds of freezing", async () => {
    const { result } = renderSession();
    await startLive(result);
    await act(async () => events?.onFrozen());
    const frozenAt = Date.now();
    await until(result, "failed");
    expect(Date.now() - frozenAt).toBe(RECONNECT_ATTEMPTS * 1_000);
    expect(names().slice(-2)).toEqual([`reconnecting ${RECONNECT_ATTEMPTS}`, "failed"]);
    expect(teardown).toHaveBeenCalledOnce();
  });

  /** A live picture freezes on a busy page: a long task lets `lagMs` pass that no timer saw. */
  async function freezeOnBusyPage(lagMs: number) {
    const { result } = renderSession();
    await startLive(result);
    await act(async () => events?.onFrozen());
    const frozenAt = performance.now();
    const clock = performance.now.bind(performance);
    vi.spyOn(performance, "now").mockImplementation(() => clock() + lagMs);
    return { result, frozenAt };
  }

  test("on a busy page the attempts come late and fewer, and the picture still fails on time", async () => {
    const { result, frozenAt } = await freezeOnBusyPage(2_500);
    await until(result, "failed");
    expect(performance.now() - frozenAt).toBe(RECONNECT_ATTEMPTS * 1_000);
    expect(names().slice(-3)).toEqual(["reconnecting 1", "reconnecting 2", "failed"]);
  });

  test("on a busy page an attempt shown just before giving up is not held past it when the Worker says the stream failed", async () => {
    const { result, frozenAt } = await freezeOnBusyPage(2_800);
    worker.state = "failed";
    await until(result, "failed");
    // The second attempt came 3.8 s after the freeze: readable for 800 ms would end at 4.6 s.
    expect(performance.now() - frozenAt).toBe(RECONNECT_ATTEMPTS * 1_000);
    expect(names().slice(-3)).toEqual(["reconnecting 1", "reconnecting 2", "failed"]);
  });

  test("a frozen picture fails once its attempt was readable when the Worker says the stream failed, or ends with the session", async () => {
    const { result } = renderSession();
    await startLive(result);
    worker.state = "failed";
    await act(async () => events?.onFrozen());
    await advance(0);
    expect(result.current.phase).toMatchObject({ name: "reconnecting", attempt: 1 });
    await advance(MIN_STEP_MS);
    expect(result.current.phase.name).toBe("failed");
    expect(names().slice(-2)).toEqual(["reconnecting 1", "failed"]);

    worker.state = "ended";
    await startLive(result);
    await act(async () => events?.onFrozen());
    await advance(MIN_STEP_MS);
    expect(result.current.phase.name).toBe("ended");
    // Not watched to its end: not counted as completed.
    expect(beacons).toEqual([]);
  });

  test("a player that cannot load fails the session", async () => {
    player.loadPlayer.mockRejectedValue(new Error("chunk failed"));
    const { result } = renderSession();
    await start(result);
    await until(result, "failed");
    expect(player.attachPlayer).not.toHaveBeenCalled();
  });

  test("stop ends the session at once, tells the Worker and tears the player down", async () => {
    const { result } = renderSession();
    await startLive(result);
    act(() => result.current.stop());
    expect(result.current.phase.name).toBe("stopped");
    expect(teardown).toHaveBeenCalledOnce();
    expect(worker.requests).toContain(`DELETE /api/stream/session?token=${SESSION.token}`);
  });

  test("stop while connecting ignores whatever the old run still receives", async () => {
    worker.settles = { afterMs: 3_000, state: "live" };
    const { result } = renderSession();
    await start(result);
    await until(result, "connecting");
    act(() => result.current.stop());
    await advance(10_000);
    expect(result.current.phase.name).toBe("stopped");
    expect(player.attachPlayer).not.toHaveBeenCalled();
  });

  test("the end of the session's time ends it, tears the player down and counts it as completed", async () => {
    const { result } = renderSession();
    await startLive(result);
    act(() => result.current.end());
    expect(result.current.phase.name).toBe("ended");
    expect(teardown).toHaveBeenCalledOnce();
    await vi.waitFor(() =>
      expect(beacons).toEqual(['/api/beacon {"type":"event","name":"stream_completed"}']),
    );
  });

  test("a session the visitor stopped is not counted as completed", async () => {
    const { result } = renderSession();
    await startLive(result);
    act(() => result.current.stop());
    await advance(1000);
    expect(beacons).toEqual([]);
  });
});

describe("the live start's speed", () => {
  test("a sampled start reports the time from the press to the first frame, once", async () => {
    const { result } = renderSession(100);
    const pending = requestSession(); // the press
    await advance(400); // the session's code arriving
    await act(async () => {
      void result.current.start(pending);
    });
    await until(result, "player");
    const pressToFrame = performance.now() - pending.pressedAt;
    await act(async () => events?.onFirstFrame());
    await vi.waitFor(() =>
      expect(beacons).toEqual([
        `/api/beacon {"type":"speed","live_start":${Math.round(pressToFrame)}}`,
      ]),
    );
    expect(pressToFrame).toBeGreaterThanOrEqual(400 + MIN_STEP_MS);
    await until(result, "live");
    expect(beacons).toHaveLength(1);
  });

  test("a start outside the sample reports nothing", async () => {
    const { result } = renderSession(0);
    await startLive(result);
    await advance(1000);
    expect(beacons).toEqual([]);
  });
});
