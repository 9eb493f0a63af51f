import { useLingui } from "@lingui/react/macro";
import { ownerSession } from "#app/.server/auth/route-session.ts";
import { requestScope } from "#app/.server/context.ts";
import { describeToday } from "#app/.server/describe/describe-jobs.ts";
import { readStatistics } from "#app/.server/statistics/read-statistics.ts";
import { readDayUsage } from "#app/.server/usage-days.ts";
import { type BreakdownRow, BreakdownTable } from "#app/components/statistics/breakdown-table.tsx";
import { DailyChart } from "#app/components/statistics/daily-chart.tsx";
import { PeriodFiguresList } from "#app/components/statistics/period-figures.tsx";
import { ProductEvents } from "#app/components/statistics/product-events.tsx";
import { SpeedFigures } from "#app/components/statistics/speed-figures.tsx";
import { UsageBudget } from "#app/components/statistics/usage-budget.tsx";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { BreakdownDimension } from "#app/features/statistics/statistics.ts";
import { OTHER_VALUE } from "#app/features/statistics/statistics-events.ts";
import { localeInfo } from "#app/i18n/locales.ts";
import type { Route } from "./+types/statistics";

export async function loader({ request, context }: Route.LoaderArgs) {
  ownerSession({ request, context });
  const { db, config } = context.get(requestScope);
  const [statistics, usageToday, described] = await Promise.all([
    readStatistics(db),
    readDayUsage(db),
    describeToday(db),
  ]);
  return {
    ...statistics,
    usageToday,
    descriptionsToday: { ...described, cap: config.DESCRIBE_DAILY_CAP },
  };
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const tag = localeInfo[locale].tag;
  const regions = new Intl.DisplayNames(tag, { type: "region" });
  const languages = new Intl.DisplayNames(tag, { type: "language" });
  const unknown = t`Unknown`;
  const devices: Record<string, string> = {
    phone: t`Phones`,
    tablet: t`Tablets`,
    desktop: t`Computers`,
  };
  const name = (dimension: BreakdownDimension, value: string): string => {
    if (value === "") return unknown;
    switch (dimension) {
      case "page":
        return value === OTHER_VALUE ? t`Other addresses (page not found)` : value;
      case "country":
        return regions.of(value) ?? value;
      case "language":
        return languages.of(value) ?? value;
      case "device":
        return devices[value] ?? value;
      case "referrer":
      case "embed":
        return value === OTHER_VALUE ? t`Other sites` : value;
    }
  };
  const rows = (dimension: BreakdownDimension): BreakdownRow[] =>
    loaderData.breakdowns[dimension].map(({ value, count }) => ({
      key: value,
      label: name(dimension, value),
      count,
    }));
  const empty = t`Nothing counted yet.`;
  const views = t`Page views`;
  const lists = [
    { dimension: "page", title: t`Top pages` },
    { dimension: "referrer", title: t`Top referrers` },
    { dimension: "embed", title: t`Embedded on` },
    { dimension: "country", title: t`Countries` },
    { dimension: "device", title: t`Devices` },
    { dimension: "language", title: t`Languages` },
  ] as const;

  return (
    <section aria-labelledby="statistics-title" className="space-y-4 py-6">
      <div>
        <h2 id="statistics-title" className="text-xl font-semibold">
          {t`Visitor statistics`}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-700 dark:text-neutral-300">
          {t`Anonymous counts without cookies: nothing here identifies a visitor. A visitor is counted once a day, so over 7 and 30 days the visitors are the sum of the daily visitors, and someone who comes on two days counts twice. Days run from midnight to midnight UTC.`}
        </p>
      </div>
      <PeriodFiguresList totals={loaderData.totals} />
      <UsageBudget today={loaderData.usageToday} descriptions={loaderData.descriptionsToday} />
      <DailyChart days={loaderData.days} />
      <p className="text-sm text-neutral-700 dark:text-neutral-300">{t`The lists below cover the last 30 days.`}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {lists.map(({ dimension, title }) => (
          <BreakdownTable
            key={dimension}
            id={`top-${dimension}`}
            title={title}
            column={views}
            rows={rows(dimension)}
            empty={empty}
          />
        ))}
        <ProductEvents events={loaderData.events} />
        <SpeedFigures speed={loaderData.speed} />
      </div>
    </section>
  );
}
