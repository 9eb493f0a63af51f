import * as z from "zod/mini";

/**
 * What a sampled share of visits measures of the site's speed in the browser (ADR 014): the live
 * picture's start, press → first frame. The Web Vitals join it once the home page's JS budget
 * has room for the `web-vitals` library (issue 35, goal 6).
 */
export const speedMetrics = ["live_start"] as const;
export type SpeedMetric = (typeof speedMetrics)[number];

const milliseconds = z.number().check(z.gte(0), z.lte(600_000));

/** The beacon a sampled measurement sends: the figure, with nothing else. */
export const speedReport = z.object({
  type: z.literal("speed"),
  live_start: milliseconds,
});
export type SpeedReport = z.output<typeof speedReport>;

/** A day keeps only how many figures fell at or below each edge and above the one before. */
export const speedBuckets: Record<SpeedMetric, readonly number[]> = {
  live_start: [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10_000, 15_000],
};

/** A percentile as its bucket: at most `upTo`, or (`over`) above the metric's last edge. */
export type SpeedPercentile = { upTo: number; over: boolean };

/** The percentiles the owner sees, over 7 and 30 days. */
export const speedFigures = [
  { metric: "live_start", percentile: 50 },
  { metric: "live_start", percentile: 95 },
] as const satisfies readonly { metric: SpeedMetric; percentile: number }[];

export type SpeedPeriods<T> = { week: T; month: T };

export type FieldSpeed = {
  /** How many figures each metric has over the period. */
  samples: Record<SpeedMetric, SpeedPeriods<number>>;
  /** In `speedFigures`' order; null where the period has no figure. */
  figures: SpeedPeriods<SpeedPercentile | null>[];
};
