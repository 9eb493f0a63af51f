import { DurableObject } from "cloudflare:workers";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { type CommitRows, commitCounts } from "#app/.server/statistics/commit-counts.ts";
import {
  addBatch,
  type CountBatch,
  emptyBatch,
  isEmpty,
} from "#app/.server/statistics/count-batch.ts";
import type { DayUsage } from "#app/features/statistics/daily-allowance.ts";
import { HOUR_MS, MINUTE_MS, SECOND_MS } from "#time/durations.ts";

const PENDING = "pending";
/** A batch taken for D1: if the object stops before the commit ends, the next commit takes it. */
const COMMITTING = "committing";
/** Its alarms and its last commit's rows: the next commit adds them to the day's usage (ADR 025). */
const OWN_USAGE = "own-usage";

const NOTHING: CommitRows = { rowsRead: 0, rowsWritten: 0 };
/**
 * How long the object remembers a hand-over's id: an isolate sends one again when a request of
 * its own next counts (in seconds when busy), or 20 s after a failure.
 */
const REMEMBER_HANDED_MS = HOUR_MS;

/** The site's counts from every isolate, in D1 at most once a minute (ADR 030). */
export class StatsBuffer extends DurableObject<Env> {
  private commits: Promise<unknown> = Promise.resolve();
  /**
   * The hand-overs stored lately, by id, with when. In memory, not storage (a row written per
   * hand-over): a batch sent again after the object was evicted counts twice (ADR 030).
   */
  private readonly handed = new Map<string, number>();

  /**
   * Acknowledges once stored here; with write-through (the isolate's 0 s), once in D1, with the
   * rows that cost. `id` is missing only from an isolate of the version before it, during a deploy.
   */
  async add(batch: CountBatch, flushSeconds: number, id?: string): Promise<CommitRows> {
    const now = Date.now();
    // Oldest first (a Map keeps its insertion order): an hour of every isolate's ids is not
    // walked whole on each hand-over, only the expired ones at its start.
    for (const [seen, at] of this.handed) {
      if (now - at <= REMEMBER_HANDED_MS) break;
      this.handed.delete(seen);
    }
    if (id !== undefined && this.handed.has(id)) {
      // Sent again while its write-through commit runs: the answer waits for that commit.
      if (flushSeconds === 0) await this.commits;
      return NOTHING;
    }
    const { kv } = this.ctx.storage;
    kv.put(PENDING, addBatch(kv.get<CountBatch>(PENDING) ?? emptyBatch(), batch));
    if (id !== undefined) this.handed.set(id, now);
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
  private commit(byAlarm: boolean): Promise<CommitRows> {
    const next = this.commits.then(() => this.commitPending(byAlarm));
    this.commits = next.catch(() => undefined);
    return next;
  }

  /** Alarm commits add their own use (the alarm, the rows of the commit before) to the day's. */
  private async commitPending(byAlarm: boolean): Promise<CommitRows> {
    const { kv } = this.ctx.storage;
    const own = kv.get<DayUsage>(OWN_USAGE) ?? { ...NOTHING, requests: 0, objectRequests: 0 };
    if (byAlarm) own.objectRequests += 1;
    const batch = addBatch(
      kv.get<CountBatch>(COMMITTING) ?? emptyBatch(),
      kv.get<CountBatch>(PENDING) ?? emptyBatch(),
    );
    if (isEmpty(batch)) return NOTHING;
    if (byAlarm) {
      addBatch(batch, { ...emptyBatch(), usage: { [utcDay()]: own } });
      kv.delete(OWN_USAGE);
    }
    kv.put(COMMITTING, batch);
    kv.delete(PENDING);
    try {
      const rows = await commitCounts(this.env.DB, batch);
      kv.delete(COMMITTING);
      if (byAlarm) kv.put(OWN_USAGE, { ...rows, requests: 0, objectRequests: 0 });
      return rows;
    } catch (error) {
      console.error("statistics: D1 did not take the counts; the next alarm tries again", error);
      kv.put(PENDING, addBatch(batch, kv.get<CountBatch>(PENDING) ?? emptyBatch()));
      kv.delete(COMMITTING);
      await this.ctx.storage.setAlarm(Date.now() + MINUTE_MS);
      return NOTHING;
    }
  }
}
