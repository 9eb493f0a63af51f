import * as z from "zod/mini";

/**
 * What a sampled share of visits measures of the site's speed in the browser (ADR 014): the live
 * picture's start, press → first frame, and a page load's Web Vitals.
 */
export const speedMetrics = ["live_start", "lcp", "inp", "cls"] as const;
export type SpeedMetric = (typeof speedMetrics)[number];

const milliseconds = z.number().check(z.gte(0), z.lte(600_000));

/** The beacon a sampled live start sends: the figure, with nothing else. */
export const speedReport = z.object({
  type: z.literal("speed"),
  live_start: milliseconds,
});
export type SpeedReport = z.output<typeof speedReport>;

/**
 * The beacon a sampled page load sends when it is first hidden: CLS where the browser measures
 * layout shifts (Chromium), INP after an interaction.
 */
export const vitalsReport = z.object({
  type: z.literal("vitals"),
  lcp: milliseconds,
  cls: z.optional(z.number().check(z.gte(0), z.lte(100))),
  inp: z.optional(milliseconds),
});
export type VitalsReport = z.output<typeof vitalsReport>;

const loadSteps = [500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10_000, 15_000];

/**
 * A day keeps only how many figures fell at or below each edge and above the one before. The
 * Web Vitals' edges include the thresholds web.dev calls good and poor (LCP 2.5 and 4 s, INP 200
 * and 500 ms, CLS 0.1 and 0.25).
 */
export const speedBuckets: Record<SpeedMetric, readonly number[]> = {
  live_start: loadSteps,
  lcp: loadSteps,
  inp: [50, 100, 150, 200, 300, 500, 750, 1000, 2000],
  cls: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** A percentile as its bucket: at most `upTo`, or (`over`) above the metric's last edge. */
export type SpeedPercentile = { upTo: number; over: boolean };

/** The percentiles the owner sees, over 7 and 30 days: the vitals at p75, as web.dev rates them. */
export const speedFigures = [
  { metric: "live_start", percentile: 50 },
  { metric: "live_start", percentile: 95 },
  { metric: "lcp", percentile: 75 },
  { metric: "inp", percentile: 75 },
  { metric: "cls", percentile: 75 },
] as const satisfies readonly { metric: SpeedMetric; percentile: number }[];

export type SpeedPeriods<T> = { week: T; month: T };

export type FieldSpeed = {
  /** How many figures each metric has over the period. */
  samples: Record<SpeedMetric, SpeedPeriods<number>>;
  /** In `speedFigures`' order; null where the period has no figure. */
  figures: SpeedPeriods<SpeedPercentile | null>[];
};
