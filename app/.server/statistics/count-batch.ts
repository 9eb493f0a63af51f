import { type DayUsage, usageResources } from "#app/features/statistics/daily-allowance.ts";

/** A new visitor candidate: the object decides whether the day already knows them (ADR 030). */
type VisitorEntry = {
  day: string;
  id: string;
  network: string;
  referrer?: { host: string; bucket: number };
};

/** Counts not yet in D1, as plain data: they cross to the StatsBuffer object and its storage. */
export type CountBatch = {
  /** JSON [day, dimension, value] → count to add. */
  counters: Record<string, number>;
  /** JSON [day, dimension, host] → count: sites, named only while the day has room (embeds). */
  sites: Record<string, number>;
  visitors: VisitorEntry[];
  /** JSON [day, media id, network]: once a day per network, checked against D1 when written. */
  likes: string[];
  views: string[];
  /** The owner's day budget: what the isolates' invocations used, by UTC day (ADR 025). */
  usage: Record<string, DayUsage>;
};

export const emptyBatch = (): CountBatch => ({
  counters: {},
  sites: {},
  visitors: [],
  likes: [],
  views: [],
  usage: {},
});

export const isEmpty = (batch: CountBatch) =>
  Object.keys(batch.counters).length === 0 &&
  Object.keys(batch.sites).length === 0 &&
  batch.visitors.length === 0 &&
  batch.likes.length === 0 &&
  batch.views.length === 0 &&
  Object.keys(batch.usage).length === 0;

export const counterKey = (day: string, dimension: string, value: string) =>
  JSON.stringify([day, dimension, value]);

export function addCount(counts: Record<string, number>, key: string, count = 1): void {
  counts[key] = (counts[key] ?? 0) + count;
}

/** Adds `source` to `target`; a visitor seen twice keeps the referrer of their first view. */
export function addBatch(target: CountBatch, source: CountBatch): CountBatch {
  for (const [key, count] of Object.entries(source.counters)) addCount(target.counters, key, count);
  for (const [key, count] of Object.entries(source.sites)) addCount(target.sites, key, count);
  for (const visitor of source.visitors) {
    if (!target.visitors.some((v) => v.day === visitor.day && v.id === visitor.id)) {
      target.visitors.push(visitor);
    }
  }
  target.likes = [...new Set([...target.likes, ...source.likes])];
  target.views = [...new Set([...target.views, ...source.views])];
  for (const [day, usage] of Object.entries(source.usage)) {
    const sum = target.usage[day] ?? {
      requests: 0,
      rowsRead: 0,
      rowsWritten: 0,
      objectRequests: 0,
    };
    target.usage[day] = sum;
    for (const resource of usageResources) sum[resource] += usage[resource];
  }
  return target;
}
