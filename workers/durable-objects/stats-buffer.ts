import { DurableObject } from "cloudflare:workers";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { type CommitRows, commitCounts } from "#app/.server/statistics/commit-counts.ts";
import {
  addBatch,
  type CountBatch,
  emptyBatch,
  isEmpty,
} from "#app/.server/statistics/count-batch.ts";
import { MINUTE_MS, SECOND_MS } from "#time/durations.ts";

const PENDING = "pending";
/** A batch taken for D1: if the object stops before the commit ends, the next commit takes it. */
const COMMITTING = "committing";
/** Its own last batch's rows written, and its alarms: the next batch adds them to the day's usage. */
const UNMETERED = "unmetered";

const NOTHING: CommitRows = { rowsRead: 0, rowsWritten: 0 };

/** The site's counts from every isolate, in D1 at most once a minute (ADR 014). */
export class StatsBuffer extends DurableObject<Env> {
  private commits: Promise<unknown> = Promise.resolve();

  /**
   * Acknowledges once stored here; with write-through (the sending isolate's 0 s), once in D1
   * too, with the rows that cost.
   */
  async add(batch: CountBatch, flushSeconds: number): Promise<CommitRows> {
    const { kv } = this.ctx.storage;
    kv.put(PENDING, addBatch(kv.get<CountBatch>(PENDING) ?? emptyBatch(), batch));
    if (flushSeconds === 0) return this.commit(false);
    if ((await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + flushSeconds * SECOND_MS);
    }
    return NOTHING;
  }

  override async alarm(): Promise<void> {
    await this.commit(true);
  }

  /** One at a time: each decides what is new against what the one before wrote. */
  private commit(metered: boolean): Promise<CommitRows> {
    const next = this.commits.then(() => this.commitPending(metered));
    this.commits = next.catch(() => undefined);
    return next;
  }

  private async commitPending(metered: boolean): Promise<CommitRows> {
    const { kv } = this.ctx.storage;
    const batch = addBatch(
      kv.get<CountBatch>(COMMITTING) ?? emptyBatch(),
      kv.get<CountBatch>(PENDING) ?? emptyBatch(),
    );
    if (isEmpty(batch)) return NOTHING;
    kv.put(COMMITTING, batch);
    kv.delete(PENDING);
    const unmetered = kv.get<{ rowsWritten: number; objectRequests: number }>(UNMETERED) ?? {
      rowsWritten: 0,
      objectRequests: 0,
    };
    try {
      const usage = metered
        ? { day: utcDay(), ...unmetered, objectRequests: unmetered.objectRequests + 1 }
        : undefined;
      const rows = await commitCounts(this.env.DB, batch, usage);
      kv.delete(COMMITTING);
      if (metered) kv.put(UNMETERED, { rowsWritten: rows.rowsWritten, objectRequests: 0 });
      return rows;
    } catch (error) {
      console.error("statistics: D1 did not take the counts; the next alarm tries again", error);
      kv.put(PENDING, addBatch(batch, kv.get<CountBatch>(PENDING) ?? emptyBatch()));
      kv.delete(COMMITTING);
      if (metered)
        kv.put(UNMETERED, { ...unmetered, objectRequests: unmetered.objectRequests + 1 });
      await this.ctx.storage.setAlarm(Date.now() + MINUTE_MS);
      return NOTHING;
    }
  }
}
