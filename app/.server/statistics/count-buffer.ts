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
 * milliseconds, a commit in write-through in about a second): a waiting request sends it again.
 */
const CUT_OFF_MS = 10_000;

type HandOver = { batch: CountBatch; generation: number; since: number };

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
  /** Every generation up to this one is in the object (a failed one went on with a later one). */
  private handedUpTo = -1;
  private sending: HandOver | null = null;
  /** Names this isolate's hand-overs, so the object can tell a batch sent again. */
  private readonly isolate = crypto.randomUUID();
  private firstAt = 0;
  private lastAt = 0;
  private retryAt = Number.NEGATIVE_INFINITY;
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
      const { sending } = this;
      const now = this.clock.now();
      const wait = this.dueAt() - now;
      if (sending && now - sending.since >= CUT_OFF_MS) await this.send(sending);
      else if (sending) await this.clock.sleep(SENDING_POLL_MS);
      else if (wait > 0) await this.clock.sleep(wait);
      else await this.handOver();
    }
  }

  /** Likes or views of an item this isolate holds, the one being sent included. */
  held(action: "likes" | "views", mediaId: string): number {
    const ofItem = (batch: CountBatch | null) =>
      (batch?.[action] ?? []).filter((key) => JSON.parse(key)[1] === mediaId);
    return new Set([...ofItem(this.pending), ...ofItem(this.sending?.batch ?? null)]).size;
  }

  private dueAt(): number {
    const quiet = Math.min(this.flushMs, QUIET_MS);
    return Math.max(this.retryAt, Math.min(this.firstAt + this.flushMs, this.lastAt + quiet));
  }

  private async handOver(): Promise<void> {
    const handOver = { batch: this.pending, generation: this.generation, since: 0 };
    this.pending = emptyBatch();
    this.generation += 1;
    await this.send(handOver);
  }

  /** Sends a hand-over, or sends again one whose request was cut off before it ended. */
  private async send(handOver: HandOver): Promise<void> {
    const { batch, generation } = handOver;
    handOver.since = this.clock.now();
    this.sending = handOver;
    try {
      await this.sendCounts(batch, `${this.isolate}:${generation}`);
      this.handedUpTo = Math.max(this.handedUpTo, generation);
    } catch (error) {
      // A request cut off mid-send may still have handed this batch over meanwhile.
      if (this.handedUpTo >= generation) return;
      console.error("statistics: counts not handed over, kept for the next try", error);
      // Its requests now wait for the next hand-over, which carries their counts.
      const now = this.clock.now();
      if (isEmpty(this.pending)) this.firstAt = now;
      this.pending = addBatch(batch, this.pending);
      this.retryAt = now + RETRY_MS;
    } finally {
      if (this.sending === handOver) this.sending = null;
    }
  }
}
