import { expect, test, vi } from "vitest";
import type { Clock } from "#time/clock.ts";
import { type CountBatch, counterKey, emptyBatch } from "./count-batch.ts";
import { CountBuffer } from "./count-buffer.ts";

const SECOND = 1000;
/** Every promise callback queued so far has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock the test moves: sleepers wake when it passes their time. */
function testClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
  };
  return {
    clock,
    /** The requests waiting now run out of time: the runtime never wakes their timers. */
    endWaitingRequests() {
      sleepers.splice(0);
    },
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        await settle(); // let waiting code reach its next sleep
        const next = sleepers.filter((s) => s.until <= end).sort((a, b) => a.until - b.until)[0];
        if (!next) break;
        now = next.until;
        sleepers.splice(sleepers.indexOf(next), 1);
        next.wake();
      }
      now = end;
      await settle();
    },
  };
}

const view = (page: string): CountBatch => ({
  ...emptyBatch(),
  counters: { [counterKey("2031-06-01", "page", page)]: 1 },
});
const like = (item: string, visitor: string): CountBatch => ({
  ...emptyBatch(),
  likes: [JSON.stringify(["2031-06-01", item, visitor])],
});

/** The object's side: what reached it (and under which id), what was tried, whether it is reachable. */
function object() {
  const received: CountBatch[] = [];
  const ids: string[] = [];
  const tried: string[] = [];
  /** `cutOff`: the next send's request ends before the answer, which it never sees. */
  const state = { down: false, cutOff: false };
  const send = async (batch: CountBatch, id: string) => {
    tried.push(id);
    if (state.down) throw new Error("object unreachable");
    received.push(structuredClone(batch));
    ids.push(id);
    if (state.cutOff) {
      state.cutOff = false;
      await new Promise(() => undefined);
    }
  };
  return { received, ids, tried, state, send };
}

test("a quiet isolate hands its merged counts over 20 s after the last one", async () => {
  const { clock, advance } = testClock();
  const buffer = new CountBuffer(60 * SECOND, clock);
  const { received, send } = object();
  let handedOver = false;
  void buffer.add(view("/"), send).then(() => {
    handedOver = true;
  });
  await advance(10 * SECOND);
  void buffer.add(view("/"), send);
  void buffer.add(view("/gallery"), send);
  await advance(19 * SECOND);
  expect(received).toEqual([]);
  expect(handedOver).toBe(false);
  await advance(1 * SECOND);
  expect(received).toEqual([
    {
      ...emptyBatch(),
      counters: {
        [counterKey("2031-06-01", "page", "/")]: 2,
        [counterKey("2031-06-01", "page", "/gallery")]: 1,
      },
    },
  ]);
  expect(handedOver).toBe(true);
});

test("a busy isolate hands its counts over a minute after the first, once", async () => {
  const { clock, advance } = testClock();
  const buffer = new CountBuffer(60 * SECOND, clock);
  const { received, send } = object();
  for (let second = 0; second < 90; second += 5) {
    void buffer.add(view("/"), send);
    await advance(5 * SECOND);
  }
  expect(received.map((batch) => Object.values(batch.counters))).toEqual([[12]]);
  await advance(20 * SECOND);
  expect(received.map((batch) => Object.values(batch.counters))).toEqual([[12], [6]]);
});

test("counts stay held, and counted as held, until the object has them; a failure keeps them", async () => {
  const { clock, advance } = testClock();
  const buffer = new CountBuffer(60 * SECOND, clock);
  const { received, tried, state, send } = object();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  state.down = true;
  let handedOver = false;
  void buffer.add(like("a", "v1"), send).then(() => {
    handedOver = true;
  });
  void buffer.add(like("a", "v2"), send);
  void buffer.add(like("a", "v1"), send);
  await advance(20 * SECOND);
  expect(console.error).toHaveBeenCalledWith(
    expect.stringMatching(/^statistics: counts not handed over/),
    expect.any(Error),
  );
  expect(buffer.held("likes", "a")).toBe(2);
  expect(buffer.held("likes", "b")).toBe(0);
  void buffer.add(like("a", "v3"), send);
  state.down = false;
  await advance(19 * SECOND);
  expect(received).toEqual([]);
  expect(handedOver).toBe(false);
  await advance(1 * SECOND);
  // Tried again under its id (the object stores an id once: a lost answer counts once), then
  // the counts that came meanwhile.
  expect(received.map((batch) => batch.likes.length)).toEqual([2, 1]);
  expect(tried[1]).toBe(tried[0]);
  expect(tried[2]).not.toBe(tried[0]);
  expect(handedOver).toBe(true);
  expect(buffer.held("likes", "a")).toBe(0);
});

test("write-through hands each count over at once, those that arrive while sending together", async () => {
  const { clock, advance } = testClock();
  const buffer = new CountBuffer(0, clock);
  const { received, send } = object();
  const first = buffer.add(view("/"), send);
  expect(buffer.held("likes", "a")).toBe(0);
  const rest = [buffer.add(like("a", "v1"), send), buffer.add(view("/"), send)];
  expect(buffer.held("likes", "a")).toBe(1);
  // Those arriving meanwhile look again shortly: the sending request's promise is not theirs.
  await advance(100);
  await Promise.all([first, ...rest]);
  expect(received).toHaveLength(2);
  expect(received[1]?.likes).toHaveLength(1);
});

test("a request whose time is up leaves the hand-over to the requests counting after it", async () => {
  const { clock, advance, endWaitingRequests } = testClock();
  const buffer = new CountBuffer(60 * SECOND, clock);
  const { received, send } = object();
  for (let second = 0; second < 30; second += 10) {
    void buffer.add(view("/"), send);
    await advance(10 * SECOND);
  }
  endWaitingRequests();
  void buffer.add(view("/"), send);
  await advance(20 * SECOND);
  expect(received.map((batch) => Object.values(batch.counters))).toEqual([[4]]);
});

test("a hand-over cut off with its request is sent again, once, under its id, by the requests waiting after it", async () => {
  const { clock, advance } = testClock();
  const buffer = new CountBuffer(60 * SECOND, clock);
  const { received, ids, state, send } = object();
  state.cutOff = true;
  void buffer.add(view("/"), send);
  await advance(20 * SECOND);
  expect(received).toHaveLength(1);
  let handedOver = false;
  void buffer.add(view("/gallery"), send).then(() => {
    handedOver = true;
  });
  void buffer.add(view("/gallery"), send);
  // Held while the hand-over may still be under way; then sent again, as the same batch.
  await advance(4 * SECOND);
  expect(received).toHaveLength(1);
  await advance(1 * SECOND);
  expect(received.map((batch) => Object.keys(batch.counters))).toEqual([
    [counterKey("2031-06-01", "page", "/")],
    [counterKey("2031-06-01", "page", "/")],
  ]);
  expect(ids[1]).toBe(ids[0]);
  // Then the waiting requests' own counts, as a batch of their own, 20 s after them.
  await advance(15 * SECOND);
  expect(handedOver).toBe(true);
  expect(received.map((batch) => batch.counters)).toEqual([
    { [counterKey("2031-06-01", "page", "/")]: 1 },
    { [counterKey("2031-06-01", "page", "/")]: 1 },
    { [counterKey("2031-06-01", "page", "/gallery")]: 2 },
  ]);
  expect(new Set(ids).size).toBe(2);
});
