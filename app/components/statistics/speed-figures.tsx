// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type FieldSpeed,
  type SpeedPercentile,
  speedFigures,
} from "#app/features/statistics/speed-report.ts";
import { formatNumber } from "#app/lib/format.ts";
import { PeriodTable } from "./period-table.tsx";

export function SpeedFigures({ speed }: { speed: FieldSpeed }) {
  const { t } = useLingui();
  const locale = useLocale();
  const shown = (percentile: SpeedPercentile | null) => {
    if (!percentile) return "–";
    const value = formatNumber(locale, percentile.upTo / 1000, { style: "unit", unit: "second" });
    return percentile.over ? t`over ${value}` : t`up to ${value}`;
  };
  const measured = speed.samples.live_start;
  return (
    <PeriodTable
      id="speed-title"
      title={t`Live picture after the press`}
      intro={t`Measured in visitors' browsers on a random share of live starts: how long half of them (median) and nearly all of them (95th percentile) took from the press to the first picture. Times are counted in steps, so each figure shows the step it falls in.`}
      rowsName={t`Measure`}
      periods={[t`7 days`, t`30 days`]}
      rows={[
        ...speedFigures.map(({ metric, percentile }, index) => ({
          key: `${metric}-${percentile}`,
          label: percentile === 50 ? t`Median` : t`${percentile}th percentile`,
          cells: [
            shown(speed.figures[index]?.week ?? null),
            shown(speed.figures[index]?.month ?? null),
          ],
        })),
        {
          key: "measured",
          label: t`Live starts measured`,
          cells: [formatNumber(locale, measured.week), formatNumber(locale, measured.month)],
        },
      ]}
    />
  );
}
