import type { Db } from "#app/.server/db/client.ts";
import type { UsageMeter } from "#app/.server/usage-meter.ts";
import { SECOND_MS } from "#time/durations.ts";
import type { CountBatch } from "./count-batch.ts";
import { CountBuffer, type SendCounts } from "./count-buffer.ts";

type CountingScope = {
  send: SendCounts;
  waitUntil: (promise: Promise<unknown>) => void;
  flushMs: number;
};

/** The request (or cron run) each database handle belongs to: its counts are held by it. */
const scopes = new WeakMap<Db, CountingScope>();
let buffer: CountBuffer | null = null;

/** Counts made with `db` go to the StatsBuffer object through this scope's env (ADR 030). */
export function countThrough(
  db: Db,
  env: Pick<Env, "STATS_BUFFER">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  flushSeconds: number,
  meters: UsageMeter[],
): void {
  scopes.set(db, {
    flushMs: flushSeconds * SECOND_MS,
    waitUntil: (promise) => ctx.waitUntil(promise),
    send: async (batch, id) => {
      const rows = await env.STATS_BUFFER.getByName("site").add(batch, flushSeconds, id);
      for (const meter of meters) {
        meter.rowsRead += rows.rowsRead;
        meter.rowsWritten += rows.rowsWritten;
      }
    },
  });
}

/** Held by the counting request until handed over; with write-through (0 s) resolves once they are in D1. */
export async function bufferCounts(db: Db, counts: CountBatch): Promise<void> {
  const scope = scopes.get(db);
  if (!scope) throw new Error("statistics: counts need a request's database (createWorkerScope)");
  if (buffer?.flushMs !== scope.flushMs) buffer = new CountBuffer(scope.flushMs);
  const handedOver = buffer.add(counts, scope.send);
  scope.waitUntil(handedOver);
  if (scope.flushMs === 0) await handedOver;
}

export const heldInIsolate = (mediaId: string) => buffer?.held("likes", mediaId) ?? 0;
