import { and, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { analyticsCounts } from "#app/.server/db/schema.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { speedMetrics } from "#app/features/statistics/speed-report.ts";
import {
  breakdownDimensions,
  type DayFigures,
  type Periods,
  type Statistics,
} from "#app/features/statistics/statistics.ts";
import {
  OTHER_VALUE,
  type ProductEvent,
  productEvents,
} from "#app/features/statistics/statistics-events.ts";
import { DAY_MS } from "#time/durations.ts";
import { confirmedReferrers } from "./referrer-networks.ts";
import { fieldSpeedOf } from "./speed-percentiles.ts";

const STATISTICS_DAYS = 30;
const TOP_ENTRIES = 10;

export function firstDayShown(now = new Date()): string {
  return utcDay(new Date(now.getTime() - (STATISTICS_DAYS - 1) * DAY_MS));
}

export async function readStatistics(db: Db): Promise<Statistics> {
  const now = new Date();
  const days = Array.from({ length: STATISTICS_DAYS }, (_, i) =>
    utcDay(new Date(now.getTime() - (STATISTICS_DAYS - 1 - i) * DAY_MS)),
  );
  const from = firstDayShown(now);
  // A referring or embedding site not yet confirmed by several networks counts among "Other sites".
  const shown = sql<string>`case when ${analyticsCounts.dimension} in ('referrer', 'embed')
    and ${analyticsCounts.value} not in ${confirmedReferrers(db, from)}
    then ${OTHER_VALUE} else ${analyticsCounts.value} end`;
  const ranked = db
    .select({
      dimension: analyticsCounts.dimension,
      value: shown.as("value"),
      count: sql<number>`sum(${analyticsCounts.count})`.as("count"),
      rank: sql<number>`row_number() over (partition by ${analyticsCounts.dimension} order by sum(${analyticsCounts.count}) desc, ${shown})`.as(
        "rank",
      ),
    })
    .from(analyticsCounts)
    .where(
      and(
        gte(analyticsCounts.day, from),
        inArray(analyticsCounts.dimension, [...breakdownDimensions]),
      ),
    )
    .groupBy(analyticsCounts.dimension, shown)
    .as("ranked");
  const [daily, top, speed] = await db.batch([
    db
      .select()
      .from(analyticsCounts)
      .where(
        and(
          gte(analyticsCounts.day, from),
          inArray(analyticsCounts.dimension, ["views", "visitors", "event"]),
        ),
      ),
    db
      .select({ dimension: ranked.dimension, value: ranked.value, count: ranked.count })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${TOP_ENTRIES}`)
      .orderBy(ranked.dimension, sql`${ranked.rank}`),
    db
      .select()
      .from(analyticsCounts)
      .where(
        and(gte(analyticsCounts.day, from), inArray(analyticsCounts.dimension, [...speedMetrics])),
      ),
  ]);

  const figures = new Map(days.map((day) => [day, { day, views: 0, visitors: 0 }]));
  const events = Object.fromEntries(
    productEvents.map((event) => [event, { today: 0, week: 0, month: 0 }]),
  ) as Record<ProductEvent, Periods<number>>;
  const weekFrom = days[STATISTICS_DAYS - 7] ?? from;
  const today = utcDay(now);
  for (const row of daily) {
    const day = figures.get(row.day);
    if (!day) continue;
    if (row.dimension === "views") day.views = row.count;
    else if (row.dimension === "visitors") day.visitors = row.count;
    else if (row.dimension === "event" && row.value in events) {
      const event = events[row.value as ProductEvent];
      event.month += row.count;
      if (row.day >= weekFrom) event.week += row.count;
      if (row.day === today) event.today += row.count;
    }
  }

  const series = [...figures.values()];
  const sum = (slice: DayFigures[]) =>
    slice.reduce(
      (total, d) => ({ views: total.views + d.views, visitors: total.visitors + d.visitors }),
      {
        views: 0,
        visitors: 0,
      },
    );
  const breakdowns = Object.fromEntries(
    breakdownDimensions.map((dimension) => [
      dimension,
      top
        .filter((row) => row.dimension === dimension)
        .map(({ value, count }) => ({ value, count })),
    ]),
  ) as Statistics["breakdowns"];
  return {
    days: series,
    totals: { today: sum(series.slice(-1)), week: sum(series.slice(-7)), month: sum(series) },
    events,
    breakdowns,
    speed: fieldSpeedOf(speed, weekFrom),
  };
}
