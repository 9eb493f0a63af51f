import {
  type FieldSpeed,
  type SpeedMetric,
  type SpeedPercentile,
  speedBuckets,
  speedFigures,
  speedMetrics,
} from "#app/features/statistics/speed-report.ts";

/** A counter's value for a figure above the metric's last edge. */
const OVER = "over";

/** The bucket a figure is counted in: its upper edge, as the daily counter's value. */
export function speedBucket(metric: SpeedMetric, value: number): string {
  const edge = speedBuckets[metric].find((upTo) => value <= upTo);
  return edge === undefined ? OVER : String(edge);
}

type BucketCount = { value: string; count: number };

/** The bucket holding the `percentile`th figure; edges come from the rows, so older edges still count. */
export function percentileOf(
  metric: SpeedMetric,
  buckets: BucketCount[],
  percentile: number,
): SpeedPercentile | null {
  const lastEdge = speedBuckets[metric].at(-1) ?? 0;
  const sorted = buckets
    .map(({ value, count }) => ({ upTo: value === OVER ? Infinity : Number(value), count }))
    .filter(({ upTo }) => !Number.isNaN(upTo))
    .sort((a, b) => a.upTo - b.upTo);
  const total = sorted.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const { upTo, count } of sorted) {
    seen += count;
    if (seen >= (total * percentile) / 100) {
      return upTo === Infinity ? { upTo: lastEdge, over: true } : { upTo, over: false };
    }
  }
  return { upTo: lastEdge, over: true };
}

type SpeedRow = { day: string; dimension: string; value: string; count: number };

/** The owner's speed figures from the daily buckets of the last 30 days, the last 7 among them. */
export function fieldSpeedOf(rows: SpeedRow[], weekFrom: string): FieldSpeed {
  const periodRows = (metric: SpeedMetric, week: boolean) =>
    rows.filter((row) => row.dimension === metric && (!week || row.day >= weekFrom));
  const sum = (list: SpeedRow[]) => list.reduce((total, { count }) => total + count, 0);
  const samples = Object.fromEntries(
    speedMetrics.map((metric) => [
      metric,
      { week: sum(periodRows(metric, true)), month: sum(periodRows(metric, false)) },
    ]),
  ) as FieldSpeed["samples"];
  const figures = speedFigures.map(({ metric, percentile }) => ({
    week: percentileOf(metric, periodRows(metric, true), percentile),
    month: percentileOf(metric, periodRows(metric, false), percentile),
  }));
  return { samples, figures };
}
