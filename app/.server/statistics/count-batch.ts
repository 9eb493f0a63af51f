/** A new visitor candidate: the object decides whether the day already knows them (ADR 014). */
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
  /** JSON [day, media id, visitor]: once a day per visitor, checked against D1 when written. */
  likes: string[];
  views: string[];
};

export const emptyBatch = (): CountBatch => ({
  counters: {},
  sites: {},
  visitors: [],
  likes: [],
  views: [],
});

export const isEmpty = (batch: CountBatch) =>
  Object.keys(batch.counters).length === 0 &&
  Object.keys(batch.sites).length === 0 &&
  batch.visitors.length === 0 &&
  batch.likes.length === 0 &&
  batch.views.length === 0;

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
  return target;
}
