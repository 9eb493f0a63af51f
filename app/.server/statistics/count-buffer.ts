import { type Clock, systemClock } from "#time/clock.ts";
import { addBatch, type CountBatch, emptyBatch, isEmpty } from "./count-batch.ts";

/**
 * Hands a batch to the StatsBuffer object; resolves once the object has stored it. A batch sent
 * again under the same id is stored once.
 */
export type SendCounts = (batch: CountBatch, id: string) => Promise<void>;

/** A quiet isolate hands its counts over this long after its last one (ADR 030). */
const QUIET_MS = 20_000;
const RETRY_MS = 20_000;
/** How often a request looks whether the hand-over another request is making has ended. */
const SENDING_POLL_MS = 25;
/**
 * A hand-over still unanswered after this was cut off with its request (the object answers in
 * milliseconds, a commit in write-through in about a second): a waiting request sends it again,
 * well within its own time (a request hands over at most 20 s after its answer, of its 30 s).
 */
const CUT_OFF_MS = 5_000;

/** A batch on its way to the object, under one id until the object has acknowledged it. */
type HandOver = { batch: CountBatch; generation: number; nextTryAt: number; inFlight: boolean };

/**
 * Per isolate: counts wait here until the StatsBuffer object has them, at most `flushMs`.
 * Each request waits on its own timers only: the runtime never settles a promise made by a
 * request that has ended (workerd's handle_cross_request_promise_resolution), so a request
 * awaiting another's would be cut off with its counts left behind.
 */
export class CountBuffer {
  private pending = emptyBatch();
  /** The generation the pending counts belong to; each hand-over starts the next. */
  private generation = 0;
  /** Every generation up to this one is in the object. */
  private handedUpTo = -1;
  /** One at a time: the next waits until the object has this one. */
  private handingOver: HandOver | null = null;
  /** Names this isolate's hand-overs, so the object can tell a batch sent again. */
  private readonly isolate = crypto.randomUUID();
  private firstAt = 0;
  private lastAt = 0;
  private sendCounts: SendCounts = async () => undefined;

  constructor(
    readonly flushMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Resolves once the object has these counts; each request drives the hand-over in its own time, so one cut off stops nobody. */
  async add(counts: CountBatch, send: SendCounts): Promise<void> {
    const addedAt = this.clock.now();
    if (isEmpty(this.pending)) this.firstAt = addedAt;
    this.lastAt = addedAt;
    addBatch(this.pending, counts);
    this.sendCounts = send;
    const mine = this.generation;
    while (this.handedUpTo < mine) {
      const handOver = this.handingOver ?? this.due();
      const wait = (handOver?.nextTryAt ?? this.dueAt()) - this.clock.now();
      if (handOver && wait <= 0) await this.send(handOver);
      else await this.clock.sleep(handOver?.inFlight ? Math.min(wait, SENDING_POLL_MS) : wait);
    }
  }

  /** Likes or views of an item this isolate holds, the one being handed over included. */
  held(action: "likes" | "views", mediaId: string): number {
    const ofItem = (batch: CountBatch | undefined) =>
      (batch?.[action] ?? []).filter((key) => JSON.parse(key)[1] === mediaId);
    return new Set([...ofItem(this.pending), ...ofItem(this.handingOver?.batch)]).size;
  }

  private dueAt(): number {
    const quiet = Math.min(this.flushMs, QUIET_MS);
    return Math.min(this.firstAt + this.flushMs, this.lastAt + quiet);
  }

  /** The pending counts as the next hand-over, once they are due. */
  private due(): HandOver | null {
    const now = this.clock.now();
    if (this.dueAt() > now) return null;
    const handOver = {
      batch: this.pending,
      generation: this.generation,
      nextTryAt: now,
      inFlight: false,
    };
    this.pending = emptyBatch();
    this.generation += 1;
    this.handingOver = handOver;
    return handOver;
  }

  /** Sends a hand-over, or sends again one that failed or whose request was cut off mid-send. */
  private async send(handOver: HandOver): Promise<void> {
    const { batch, generation } = handOver;
    handOver.nextTryAt = this.clock.now() + CUT_OFF_MS;
    handOver.inFlight = true;
    try {
      await this.sendCounts(batch, `${this.isolate}:${generation}`);
      if (this.handingOver !== handOver) return; // sent again meanwhile, and acknowledged
      this.handingOver = null;
      this.handedUpTo = generation;
    } catch (error) {
      if (this.handingOver !== handOver) return;
      console.error("statistics: counts not handed over, kept for the next try", error);
      // Kept under its id: a send whose answer was lost stored it, and it counts once.
      handOver.nextTryAt = this.clock.now() + RETRY_MS;
      handOver.inFlight = false;
    }
  }
}
