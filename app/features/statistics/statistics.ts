import type { FieldSpeed } from "./speed-report.ts";
import type { ProductEvent } from "./statistics-events.ts";

export const breakdownDimensions = [
  "page",
  "referrer",
  "embed",
  "country",
  "device",
  "language",
] as const;
export type BreakdownDimension = (typeof breakdownDimensions)[number];

export type DayFigures = { day: string; views: number; visitors: number };
export type PeriodFigures = { views: number; visitors: number };
export type Periods<T> = { today: T; week: T; month: T };

export type Statistics = {
  days: DayFigures[];
  /** Visitors over 7 and 30 days are sums of daily visitors (ADR 014). */
  totals: Periods<PeriodFigures>;
  events: Record<ProductEvent, Periods<number>>;
  breakdowns: Record<BreakdownDimension, { value: string; count: number }[]>;
  /** What the sampled live starts measured in visitors' browsers (ADR 014). */
  speed: FieldSpeed;
};
