// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type FieldSpeed,
  type SpeedMetric,
  type SpeedPercentile,
  speedFigures,
} from "#app/features/statistics/speed-report.ts";
import { formatNumber } from "#app/lib/format.ts";
import { type PeriodRow, PeriodTable } from "./period-table.tsx";

export function SpeedFigures({ speed }: { speed: FieldSpeed }) {
  const { t } = useLingui();
  const locale = useLocale();
  const stepText = (metric: SpeedMetric, upTo: number) => {
    if (metric === "cls") return formatNumber(locale, upTo, { maximumFractionDigits: 2 });
    if (metric === "inp") return formatNumber(locale, upTo, { style: "unit", unit: "millisecond" });
    return formatNumber(locale, upTo / 1000, { style: "unit", unit: "second" });
  };
  const shown = (metric: SpeedMetric, percentile: SpeedPercentile | null) => {
    if (!percentile) return "–";
    const value = stepText(metric, percentile.upTo);
    return percentile.over ? t`over ${value}` : t`up to ${value}`;
  };
  const vitalNames: Record<Exclude<SpeedMetric, "live_start">, string> = {
    lcp: t`Largest Contentful Paint (LCP)`,
    inp: t`Interaction to Next Paint (INP)`,
    cls: t`Cumulative Layout Shift (CLS)`,
  };
  const label = ({ metric, percentile }: (typeof speedFigures)[number]) => {
    if (metric !== "live_start") return vitalNames[metric];
    return percentile === 50 ? t`Median` : t`${percentile}th percentile`;
  };
  /** The rows of `speedFigures` for the live start, or for the vitals, in their order. */
  const figureRows = (live: boolean): PeriodRow[] =>
    speedFigures.flatMap((figure, index) => {
      if ((figure.metric === "live_start") !== live) return [];
      const { week = null, month = null } = speed.figures[index] ?? {};
      return [
        {
          key: `${figure.metric}-${figure.percentile}`,
          label: label(figure),
          cells: [shown(figure.metric, week), shown(figure.metric, month)],
        },
      ];
    });
  const countRow = (metric: SpeedMetric, label: string): PeriodRow => ({
    key: `${metric}-measured`,
    label,
    cells: [
      formatNumber(locale, speed.samples[metric].week),
      formatNumber(locale, speed.samples[metric].month),
    ],
  });
  const periods = [t`7 days`, t`30 days`];
  return (
    <>
      <PeriodTable
        id="speed-title"
        title={t`Live picture after the press`}
        intro={t`Measured in visitors' browsers on a random share of live starts: how long half of them (median) and nearly all of them (95th percentile) took from the press to the first picture. Times are counted in steps, so each figure shows the step it falls in.`}
        rowsName={t`Measure`}
        periods={periods}
        rows={[...figureRows(true), countRow("live_start", t`Live starts measured`)]}
      />
      <PeriodTable
        id="vitals-title"
        title={t`Page speed in visitors' browsers`}
        intro={t`The Web Vitals of a random share of page loads, as the figure three in four of them stayed within (75th percentile): when the page's largest element appeared, how quickly the page answered taps, clicks and keys (on loads with one), and how much its layout shifted. Counted in steps, like the live picture.`}
        rowsName={t`Measure`}
        periods={periods}
        rows={[
          ...figureRows(false),
          countRow("lcp", t`Page loads measured`),
          countRow("inp", t`Of these, with an interaction`),
        ]}
      />
    </>
  );
}
