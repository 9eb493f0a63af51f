import { type Clock, systemClock } from "#time/clock.ts";

export type StreamPhase = "idle" | "starting" | "live" | "failed";

/** The newest segment of the running epoch (`seq` null before the first) and how long they run. */
export type StreamEdge = {
  epoch: number;
  salt: string;
  seq: number | null;
  at: number;
  longest: number | null;
};

export type CameraView = {
  online: boolean;
  phase: StreamPhase;
  edge: StreamEdge;
  /** Nobody watches and the stop grace runs: a new viewer must restart the box's deadline. */
  stopping: boolean;
  ended: string[];
};

export type Watchers = [endsAt: number, count: number][];

export type CameraObject = {
  watch(watchers: Watchers): Promise<CameraView>;
  settled(waitMs: number): Promise<CameraView>;
};

// Once live, new viewers only lengthen the stream: the object may hear of them later.
const LIVE_SPACING = 5;
const STALE_AFTER = 2;
const POLL_MS = 10;
// A cancelled request never says its call ended: others take over after this.
const CALL_TIMEOUT_MS = 5_000;

type WaitUntil = (promise: Promise<unknown>) => void;

/** No segment this long (three of 2 s; the box's ffmpeg gives up then too): the stream stopped. */
const STOPPED_AFTER_MS = 6_000;

/** A newcomer never joins such a stream: the object's stall check may still be seconds away. */
export const segmentsStopped = (phase: StreamPhase, lastSegmentAt: number, now: number) =>
  phase === "live" && now - lastSegmentAt >= STOPPED_AFTER_MS;

const running = (view: CameraView) => view.phase === "starting" || view.phase === "live";
const mustStart = (view: CameraView, now: number) =>
  view.phase === "idle" ||
  view.phase === "failed" ||
  view.stopping ||
  segmentsStopped(view.phase, view.edge.at, now);

/** Per isolate: its sessions reach the camera object at most once an interval, not each (ADR 028). */
export class WatchCoalescer {
  private view: CameraView | null = null;
  private viewAt = Number.NEGATIVE_INFINITY;
  private lastCallAt = Number.NEGATIVE_INFINITY;
  private callingUntil = Number.NEGATIVE_INFINITY;
  private settlingUntil = Number.NEGATIVE_INFINITY;
  private trailing = false;
  private readonly pending = new Map<number, number>();

  constructor(
    readonly intervalMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  private fresh(notBefore = Number.NEGATIVE_INFINITY): CameraView | null {
    const age = this.clock.now() - this.viewAt;
    return age < STALE_AFTER * this.intervalMs && this.viewAt >= notBefore ? this.view : null;
  }

  async start(object: CameraObject, endsAt: number, waitUntil: WaitUntil): Promise<CameraView> {
    const known = this.fresh();
    if (known && !known.online) return known;
    this.add(endsAt, 1);
    if (known && !mustStart(known, this.clock.now())) {
      this.trail(object, waitUntil);
      return known;
    }
    const view = await this.tell(object);
    // The object counts no viewer of an offline camera, nor does its isolate.
    if (!view.online) this.pending.clear();
    if (this.pending.size > 0) this.trail(object, waitUntil);
    return view;
  }

  private add(endsAt: number, count: number) {
    this.pending.set(endsAt, (this.pending.get(endsAt) ?? 0) + count);
  }

  /** A view from before the session (another isolate may have started it) never says it failed. */
  async current(object: CameraObject, startedAt = Number.NEGATIVE_INFINITY): Promise<CameraView> {
    const known = this.fresh();
    if (known && (running(known) || this.viewAt >= startedAt)) return known;
    return this.tell(object, { notBefore: startedAt });
  }

  /** One wait in the object per isolate; its other requests look at the view it brings. */
  async settled(object: CameraObject, waitMs: number, startedAt?: number): Promise<CameraView> {
    const deadline = this.clock.now() + waitMs;
    let view = await this.current(object, startedAt);
    while (view.phase === "starting" && this.clock.now() < deadline) {
      if (this.clock.now() >= this.settlingUntil) {
        this.settlingUntil = deadline + CALL_TIMEOUT_MS;
        try {
          return this.keep(await object.settled(deadline - this.clock.now()));
        } finally {
          this.settlingUntil = Number.NEGATIVE_INFINITY;
        }
      }
      await this.clock.sleep(POLL_MS);
      view = this.view ?? view;
    }
    return view;
  }

  keep(view: CameraView): CameraView {
    this.view = view;
    this.viewAt = this.clock.now();
    return view;
  }

  private async tell(
    object: CameraObject,
    { trailing = false, notBefore = Number.NEGATIVE_INFINITY } = {},
  ): Promise<CameraView> {
    for (;;) {
      const known = this.fresh(notBefore);
      const enough =
        this.pending.size === 0 ||
        (!trailing && (!known?.online || !mustStart(known, this.clock.now())));
      if (known && enough) return known;
      const now = this.clock.now();
      const calling = this.callingUntil > now ? POLL_MS : 0;
      const wait = Math.max(calling, this.lastCallAt + this.intervalMs - now);
      if (wait <= 0) break;
      await this.clock.sleep(wait);
    }
    const watchers: Watchers = [...this.pending];
    this.pending.clear();
    this.lastCallAt = this.clock.now();
    this.callingUntil = this.lastCallAt + CALL_TIMEOUT_MS;
    try {
      return this.keep(await object.watch(watchers));
    } catch (error) {
      for (const [endsAt, count] of watchers) this.add(endsAt, count);
      throw error;
    } finally {
      this.callingUntil = Number.NEGATIVE_INFINITY;
    }
  }

  private trail(object: CameraObject, waitUntil: WaitUntil) {
    if (this.trailing) return;
    this.trailing = true;
    const spacing = this.view?.phase === "live" ? LIVE_SPACING : 1;
    const due = this.lastCallAt + spacing * this.intervalMs;
    waitUntil(
      (async () => {
        await this.clock.sleep(Math.max(0, due - this.clock.now()));
        this.trailing = false;
        if (this.pending.size > 0) await this.tell(object, { trailing: true });
      })().catch((error: unknown) => {
        this.trailing = false;
        console.error("live stream: the camera object was not told of new viewers", error);
      }),
    );
  }
}
