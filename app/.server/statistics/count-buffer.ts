import { type Clock, systemClock } from "#time/clock.ts";
import { addBatch, type CountBatch, emptyBatch, isEmpty } from "./count-batch.ts";

/** Hands a batch to the StatsBuffer object; resolves once the object has stored it. */
export type SendCounts = (batch: CountBatch) => Promise<void>;

/** A quiet isolate hands its counts over this long after its last one (ADR 014). */
const QUIET_MS = 20_000;
const RETRY_MS = 20_000;

/** Per isolate: counts wait here until the StatsBuffer object has them, at most `flushMs`. */
export class CountBuffer {
  private pending = emptyBatch();
  private handedOver = Promise.withResolvers<void>();
  private sending: CountBatch | null = null;
  private firstAt = 0;
  private lastAt = 0;
  private retryAt = Number.NEGATIVE_INFINITY;
  private running = false;
  private send: SendCounts = async () => undefined;

  constructor(
    readonly flushMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Resolves when these counts are the object's; a failed hand-over keeps them for the next. */
  add(counts: CountBatch, send: SendCounts): Promise<void> {
    const now = this.clock.now();
    if (isEmpty(this.pending)) this.firstAt = now;
    this.lastAt = now;
    addBatch(this.pending, counts);
    this.send = send;
    const handedOver = this.handedOver.promise;
    if (!this.running) {
      this.running = true;
      void this.run();
    }
    return handedOver;
  }

  /** Likes or views of an item this isolate holds, the one being sent included. */
  held(action: "likes" | "views", mediaId: string): number {
    const ofItem = (batch: CountBatch | null) =>
      (batch?.[action] ?? []).filter((key) => JSON.parse(key)[1] === mediaId);
    return new Set([...ofItem(this.pending), ...ofItem(this.sending)]).size;
  }

  private dueAt(): number {
    const quiet = Math.min(this.flushMs, QUIET_MS);
    return Math.max(this.retryAt, Math.min(this.firstAt + this.flushMs, this.lastAt + quiet));
  }

  private async run(): Promise<void> {
    while (!isEmpty(this.pending)) {
      const wait = this.dueAt() - this.clock.now();
      if (wait > 0) {
        await this.clock.sleep(wait);
        continue;
      }
      const batch = this.pending;
      const handedOver = this.handedOver;
      this.pending = emptyBatch();
      this.handedOver = Promise.withResolvers<void>();
      this.sending = batch;
      try {
        await this.send(batch);
        handedOver.resolve();
      } catch (error) {
        console.error("statistics: counts not handed over, kept for the next try", error);
        const now = this.clock.now();
        if (isEmpty(this.pending)) this.firstAt = now;
        this.pending = addBatch(batch, this.pending);
        this.retryAt = now + RETRY_MS;
        void this.handedOver.promise.then(handedOver.resolve);
      } finally {
        this.sending = null;
      }
    }
    this.running = false;
  }
}
