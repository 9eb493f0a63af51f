// Cloudflare's published Free allowances and Paid prices (read 2026-11; ADR 025, the table with
// its sources in bench/results/visit-cost.md).
// Workers: developers.cloudflare.com/workers/platform/pricing/ and …/platform/limits/
// D1: developers.cloudflare.com/d1/platform/pricing/
// Durable Objects: developers.cloudflare.com/durable-objects/platform/pricing/
// R2: developers.cloudflare.com/r2/pricing/
// Durable Objects' storage (SQLite-backed, billed since 2026-01-07; setAlarm is one row written):
//   developers.cloudflare.com/durable-objects/platform/pricing/

import { freePlanPerDay } from "#app/features/statistics/daily-allowance.ts";

/** Free plan, per day (R2's monthly operations ÷ 30); the owner's budget shows the first four. */
export const freePerDay = {
  "Worker requests": freePlanPerDay.requests,
  "D1 rows read": freePlanPerDay.rowsRead,
  "D1 rows written": freePlanPerDay.rowsWritten,
  "DO requests": freePlanPerDay.objectRequests,
  "R2 class A": 1_000_000 / 30,
  "R2 class B": 10_000_000 / 30,
} as const;

export type Resource = keyof typeof freePerDay;

/** Workers Paid, US dollars per unit beyond the included monthly usage. */
export const paidPerUnit: Record<Resource | "CPU ms", number> = {
  "Worker requests": 0.3 / 1e6,
  "CPU ms": 0.02 / 1e6,
  "D1 rows read": 0.001 / 1e6,
  "D1 rows written": 1 / 1e6,
  "DO requests": 0.15 / 1e6,
  "R2 class A": 4.5 / 1e6,
  "R2 class B": 0.36 / 1e6,
};

/** Free, per day: the objects' own use, which no Worker meter sees (the day model prices it). */
export const freeObjectsPerDay = {
  "DO rows written": 100_000,
  "DO GB-s": 13_000,
} as const;

/** Free: the CPU one invocation may use. */
export const freeCpuMsPerInvocation = 10;
