import { eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { usageDays } from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { type DayUsage, usageResources } from "#app/features/statistics/daily-allowance.ts";
import { DAY_MS, MINUTE_MS } from "#time/durations.ts";
import { newUsageMeter, type UsageMeter } from "./usage-meter.ts";

type Unwritten = { requests: number; meter: UsageMeter };

/** This isolate's counts not yet in `usage_days`, by UTC day (ADR 025). */
const unwritten = new Map<string, Unwritten>();
let lastWrite = Number.NEGATIVE_INFINITY;

const usageOf = ({ requests, meter }: Unwritten): DayUsage => ({
  requests,
  rowsRead: meter.rowsRead,
  rowsWritten: meter.rowsWritten,
  objectRequests: meter.objectCalls,
});

function add(counts: Unwritten, usage: DayUsage, sign: 1 | -1) {
  counts.requests += sign * usage.requests;
  counts.meter.rowsRead += sign * usage.rowsRead;
  counts.meter.rowsWritten += sign * usage.rowsWritten;
  counts.meter.objectCalls += sign * usage.objectRequests;
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
    add(counts, usage, -1);
    taken.push([day, usage]);
  }
  return taken;
}

// At most one D1 write per isolate and minute; a failed write's counts go back for the next.
export async function writeUsageWhenDue(db: Db, now = Date.now()): Promise<void> {
  if (now - lastWrite < MINUTE_MS) return;
  lastWrite = now;
  const taken = takeUnwritten(utcDay(new Date(now)));
  if (taken.length === 0) return;
  try {
    await db
      .insert(usageDays)
      .values(taken.map(([day, usage]) => ({ day, ...usage })))
      .onConflictDoUpdate({
        target: usageDays.day,
        set: {
          requests: sql`${usageDays.requests} + excluded.requests`,
          rowsRead: sql`${usageDays.rowsRead} + excluded.rows_read`,
          rowsWritten: sql`${usageDays.rowsWritten} + excluded.rows_written`,
          objectRequests: sql`${usageDays.objectRequests} + excluded.object_requests`,
        },
      });
  } catch (error) {
    for (const [day, usage] of taken) add(countsOf(day), usage, 1);
    console.warn("usage: could not write the day's counts; the next write takes them", error);
  }
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
