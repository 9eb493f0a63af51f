import { eq, getTableColumns, lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { usageDays } from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { emptyBatch } from "#app/.server/statistics/count-batch.ts";
import { bufferCounts } from "#app/.server/statistics/isolate-counts.ts";
import { type DayUsage, usageResources } from "#app/features/statistics/daily-allowance.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import { newUsageMeter, type UsageMeter } from "./usage-meter.ts";

type Unwritten = { requests: number; meter: UsageMeter };

/** This isolate's counts not yet in `usage_days`, by UTC day (ADR 025). */
const unwritten = new Map<string, Unwritten>();
let lastHandOver = Number.NEGATIVE_INFINITY;

const usageOf = ({ requests, meter }: Unwritten): DayUsage => ({
  requests,
  rowsRead: meter.rowsRead,
  rowsWritten: meter.rowsWritten,
  objectRequests: meter.objectCalls,
});

// Scopes still hold the day's meter: what they add after the take stays for the next.
function subtract(counts: Unwritten, usage: DayUsage) {
  counts.requests -= usage.requests;
  counts.meter.rowsRead -= usage.rowsRead;
  counts.meter.rowsWritten -= usage.rowsWritten;
  counts.meter.objectCalls -= usage.objectRequests;
}

function countsOf(day: string): Unwritten {
  let counts = unwritten.get(day);
  if (!counts) {
    counts = { requests: 0, meter: newUsageMeter() };
    unwritten.set(day, counts);
  }
  return counts;
}

export function countInvocation(now = Date.now()): UsageMeter {
  const counts = countsOf(utcDay(new Date(now)));
  counts.requests += 1;
  return counts.meter;
}

function takeUnwritten(today: string): [string, DayUsage][] {
  const taken: [string, DayUsage][] = [];
  for (const [day, counts] of unwritten) {
    const usage = usageOf(counts);
    if (usageResources.every((resource) => usage[resource] === 0)) {
      if (day !== today) unwritten.delete(day);
      continue;
    }
    subtract(counts, usage);
    taken.push([day, usage]);
  }
  return taken;
}

/** At most once a minute per isolate, into the counts the StatsBuffer object writes (ADR 025). */
export async function countUsageWhenDue(db: Db, now = Date.now()): Promise<void> {
  if (now - lastHandOver < MINUTE_MS) return;
  lastHandOver = now;
  const usage = Object.fromEntries(takeUnwritten(utcDay(new Date(now))));
  if (Object.keys(usage).length > 0) await bufferCounts(db, { ...emptyBatch(), usage });
}

export async function readDayUsage(db: Db, day = utcDay()): Promise<DayUsage> {
  const { day: _, ...columns } = getTableColumns(usageDays);
  const [row] = await db.select(columns).from(usageDays).where(eq(usageDays.day, day));
  return row ?? { requests: 0, rowsRead: 0, rowsWritten: 0, objectRequests: 0 };
}

/** Days kept: today for the owner's page, and a month to look back at what a crowd cost. */
const USAGE_DAYS_KEPT = 30;

export async function purgeUsageDays(db: Db, now = new Date()): Promise<void> {
  const first = utcDay(new Date(now.getTime() - (USAGE_DAYS_KEPT - 1) * DAY_MS));
  await db.delete(usageDays).where(lt(usageDays.day, first));
}
