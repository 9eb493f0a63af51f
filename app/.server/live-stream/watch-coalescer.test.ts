import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { systemClock } from "#time/clock.ts";
import {
  type CameraObject,
  type CameraView,
  type StreamPhase,
  WatchCoalescer,
  type Watchers,
} from "./watch-coalescer.ts";

const SECOND = 1000;
const LATENCY_MS = 20;

/** The camera object as the isolates see it: it counts the calls and keeps the watch. */
function fakeObject({ online = true, liveAfterMs = 3 * SECOND } = {}) {
  const object = {
    online,
    phase: "idle" as StreamPhase,
    startedAt: 0,
    watchCalls: 0,
    settledCalls: 0,
    watchedUntil: 0,
    sessions: 0,
    fail: false,
    /** When the newest segment landed; null: one lands now, as while the box streams. */
    lastSegmentAt: null as number | null,
    view(): CameraView {
      if (object.phase === "starting" && Date.now() >= object.startedAt + liveAfterMs) {
        object.phase = "live";
      }
      const at = object.lastSegmentAt ?? Date.now();
      const edge = { epoch: 1, salt: "s", seq: null, at, longest: null };
      return { online: object.online, phase: object.phase, edge, stopping: false, ended: [] };
    },
    stub: {
      async watch(watchers: Watchers): Promise<CameraView> {
        object.watchCalls += 1;
        await systemClock.sleep(LATENCY_MS);
        if (object.fail) throw new Error("object unreachable");
        if (object.online) {
          for (const [endsAt, count] of watchers) {
            object.watchedUntil = Math.max(object.watchedUntil, endsAt);
            object.sessions += count;
          }
          if (watchers.length > 0 && object.phase === "idle") {
            object.phase = "starting";
            object.startedAt = Date.now();
          }
        }
        return object.view();
      },
      async settled(waitMs: number): Promise<CameraView> {
        object.settledCalls += 1;
        const until = Math.min(object.startedAt + liveAfterMs, Date.now() + waitMs);
        await systemClock.sleep(Math.max(LATENCY_MS, until - Date.now()));
        return object.view();
      },
    } satisfies CameraObject,
  };
  return object;
}

/** Each isolate's waitUntil: the promises the runtime keeps the isolate alive for. */
function isolate(intervalMs = SECOND) {
  const held: Promise<unknown>[] = [];
  return {
    coalescer: new WatchCoalescer(intervalMs, systemClock),
    waitUntil: (promise: Promise<unknown>) => held.push(promise),
    held,
  };
}

const endOf = (now: number) => Math.floor((now + 60 * SECOND) / SECOND) * SECOND;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a crowd of sessions", () => {
  test("20 isolates minting 10,000 sessions a second: the object hears of them per isolate and second, and of every one", async () => {
    const object = fakeObject();
    const isolates = Array.from({ length: 20 }, () => isolate());
    const answers: Promise<CameraView>[] = [];
    const seconds = 10;
    const stepMs = 10;
    const perIsolateAndStep = 5; // 500 a second in each isolate
    let latestEnd = 0;
    for (let step = 0; step < (seconds * SECOND) / stepMs; step++) {
      for (const { coalescer, waitUntil } of isolates) {
        for (let i = 0; i < perIsolateAndStep; i++) {
          latestEnd = endOf(Date.now());
          answers.push(coalescer.start(object.stub, latestEnd, waitUntil));
        }
      }
      await vi.advanceTimersByTimeAsync(stepMs);
    }
    const minted = (isolates.length * perIsolateAndStep * (seconds * SECOND)) / stepMs;
    expect(minted).toBe(100_000);
    // Minting has stopped: what is still pending goes out within the live spacing.
    await vi.advanceTimersByTimeAsync(10 * SECOND);
    await Promise.all(isolates.flatMap((each) => each.held));

    const views = await Promise.all(answers);
    expect(views.every((view) => view.online)).toBe(true);
    expect(object.watchCalls).toBeLessThanOrEqual(isolates.length * (seconds + 1));
    expect(object.settledCalls).toBe(0);
    expect(object.watchedUntil).toBe(latestEnd);
    expect(object.sessions).toBe(minted);
  });

  test("the first session of an idle stream waits for the object to start it; the next ones do not", async () => {
    const object = fakeObject();
    const { coalescer, waitUntil, held } = isolate();
    const first = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    expect(await first).toMatchObject({ online: true, phase: "starting" });
    expect(object.sessions).toBe(1);

    let answered = 0;
    const next = Array.from({ length: 100 }, () =>
      coalescer.start(object.stub, endOf(Date.now()), waitUntil).then((view) => {
        answered += 1;
        return view;
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe(100);
    expect((await Promise.all(next)).every((view) => view.phase === "starting")).toBe(true);
    expect(object.watchCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(SECOND + LATENCY_MS);
    await Promise.all(held);
    expect([object.watchCalls, object.sessions]).toEqual([2, 101]);
  });

  test("a live stream whose segments stopped 6 s ago is not handed to a newcomer: the object decides", async () => {
    const object = fakeObject({ liveAfterMs: 0 });
    object.lastSegmentAt = Date.now() - 6 * SECOND;
    const { coalescer, waitUntil } = isolate();
    const first = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    expect(await first).toMatchObject({ phase: "live" });

    let answered = false;
    const next = coalescer.start(object.stub, endOf(Date.now()), waitUntil).then((view) => {
      answered = true;
      return view;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(SECOND + LATENCY_MS);
    await next;
    expect(object.watchCalls).toBe(2);
  });

  test("an offline camera refuses sessions without counting them, and is asked again once its view is stale", async () => {
    const object = fakeObject({ online: false });
    const { coalescer, waitUntil } = isolate();
    const first = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    expect(await first).toMatchObject({ online: false });
    for (let i = 0; i < 50; i++) {
      expect(await coalescer.start(object.stub, endOf(Date.now()), waitUntil)).toMatchObject({
        online: false,
      });
    }
    expect([object.watchCalls, object.sessions]).toEqual([1, 0]);

    // The box is back: within two seconds the isolate's sessions see it.
    object.online = true;
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    const back = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    expect(await back).toMatchObject({ online: true, phase: "starting" });
    expect(object.sessions).toBe(1);
  });

  test("a call that fails keeps its sessions for the next", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const object = fakeObject();
    const { coalescer, waitUntil, held } = isolate();
    const first = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    await first;
    object.fail = true;
    const lost = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(SECOND + LATENCY_MS);
    await lost;
    expect(object.sessions).toBe(1);
    object.fail = false;
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    const later = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    await later;
    await vi.advanceTimersByTimeAsync(2 * SECOND);
    await Promise.all(held);
    expect(object.sessions).toBe(3);
    expect(logged).toHaveBeenCalledWith(
      "live stream: the camera object was not told of new viewers",
      expect.any(Error),
    );
  });

  test("with no interval every session tells the object at once", async () => {
    const object = fakeObject();
    const { coalescer, waitUntil } = isolate(0);
    for (let i = 0; i < 3; i++) {
      const started = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
      await vi.advanceTimersByTimeAsync(LATENCY_MS);
      await started;
    }
    expect([object.watchCalls, object.sessions]).toEqual([3, 3]);
  });
});

describe("panels waiting for a starting stream", () => {
  test("one wait in the object per isolate, however many panels wait in it", async () => {
    const object = fakeObject({ liveAfterMs: 4 * SECOND });
    const { coalescer, waitUntil } = isolate();
    const first = coalescer.start(object.stub, endOf(Date.now()), waitUntil);
    await vi.advanceTimersByTimeAsync(LATENCY_MS);
    await first;
    const waiting = Array.from({ length: 50 }, () => coalescer.settled(object.stub, 10 * SECOND));
    await vi.advanceTimersByTimeAsync(4 * SECOND + LATENCY_MS);
    const views = await Promise.all(waiting);
    expect(views.every((view) => view.phase === "live")).toBe(true);
    expect(object.settledCalls).toBe(1);
  });
});
