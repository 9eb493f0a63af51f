/** What the owner's budget counts of the Worker's use each UTC day (ADR 025). */
export const usageResources = ["requests", "rowsWritten", "rowsRead", "objectRequests"] as const;
export type UsageResource = (typeof usageResources)[number];
export type DayUsage = Record<UsageResource, number>;

/** Workers Free plan per UTC day (ADR 025, read 2026-11); past one the site fails until 00:00 UTC. */
export const freePlanPerDay: DayUsage = {
  requests: 100_000,
  rowsWritten: 100_000,
  rowsRead: 5_000_000,
  objectRequests: 100_000,
};
