import { type Clock, systemClock } from "#time/clock.ts";
import { addBatch, type CountBatch, emptyBatch, isEmpty } from "./count-batch.ts";

/** Hands a batch to the StatsBuffer object; resolves once the object has stored it. */
export type SendCounts = (batch: CountBatch) => Promise<void>;

/** A quiet isolate hands its counts over this long after its last one (ADR 030). */
const QUIET_MS = 20_000;
const RETRY_MS = 20_000;

/** The counts added between two hand-overs, and the requests waiting for theirs. */
type Generation = { done: boolean; handedOver: PromiseWithResolvers<void> };
const newGeneration = (): Generation => ({ done: false, handedOver: Promise.withResolvers() });

/** Per isolate: counts wait here until the StatsBuffer object has them, at most `flushMs`. */
export class CountBuffer {
  private pending = emptyBatch();
  private generation = newGeneration();
  private sending: { batch: CountBatch; sent: Promise<void> } | null = null;
  private firstAt = 0;
  private lastAt = 0;
  private retryAt = Number.NEGATIVE_INFINITY;
  private send: SendCounts = async () => undefined;

  constructor(
    readonly flushMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Resolves once the object has these counts; each request drives the hand-over in its own time, so one cut off stops nobody. */
  async add(counts: CountBatch, send: SendCounts): Promise<void> {
    const now = this.clock.now();
    if (isEmpty(this.pending)) this.firstAt = now;
    this.lastAt = now;
    addBatch(this.pending, counts);
    this.send = send;
    const mine = this.generation;
    while (!mine.done) {
      const wait = this.dueAt() - this.clock.now();
      if (this.sending) await this.sending.sent;
      else if (wait > 0) await Promise.race([this.clock.sleep(wait), mine.handedOver.promise]);
      else await this.handOver();
    }
  }

  /** Likes or views of an item this isolate holds, the one being sent included. */
  held(action: "likes" | "views", mediaId: string): number {
    const ofItem = (batch: CountBatch | undefined) =>
      (batch?.[action] ?? []).filter((key) => JSON.parse(key)[1] === mediaId);
    return new Set([...ofItem(this.pending), ...ofItem(this.sending?.batch)]).size;
  }

  private dueAt(): number {
    const quiet = Math.min(this.flushMs, QUIET_MS);
    return Math.max(this.retryAt, Math.min(this.firstAt + this.flushMs, this.lastAt + quiet));
  }

  private handOver(): Promise<void> {
    const batch = this.pending;
    const generation = this.generation;
    this.pending = emptyBatch();
    this.generation = newGeneration();
    const sent = this.send(batch).then(
      () => {
        generation.done = true;
        generation.handedOver.resolve();
      },
      (error: unknown) => {
        console.error("statistics: counts not handed over, kept for the next try", error);
        const now = this.clock.now();
        if (isEmpty(this.pending)) this.firstAt = now;
        this.pending = addBatch(batch, this.pending);
        this.retryAt = now + RETRY_MS;
        // Its requests now wait for the next hand-over, which carries their counts.
        void this.generation.handedOver.promise.then(() => {
          generation.done = true;
          generation.handedOver.resolve();
        });
      },
    );
    this.sending = { batch, sent };
    return sent.finally(() => {
      this.sending = null;
    });
  }
}
