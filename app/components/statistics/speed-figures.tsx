// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import {
  type FieldSpeed,
  type SpeedPercentile,
  speedFigures,
} from "#app/features/statistics/speed-report.ts";
import { formatNumber } from "#app/lib/format.ts";

export function SpeedFigures({ speed }: { speed: FieldSpeed }) {
  const { t } = useLingui();
  const locale = useLocale();
  const shown = (percentile: SpeedPercentile | null) => {
    if (!percentile) return "–";
    const value = formatNumber(locale, percentile.upTo / 1000, { style: "unit", unit: "second" });
    return percentile.over ? t`over ${value}` : t`up to ${value}`;
  };
  const cell = "py-2 pl-3 text-right tabular-nums";
  return (
    <section
      aria-labelledby="speed-title"
      className="overflow-x-auto rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h3 id="speed-title" className="font-semibold">
        {t`Live picture after the press`}
      </h3>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        {t`Measured in visitors' browsers on a random share of live starts: how long half of them (median) and nearly all of them (95th percentile) took from the press to the first picture. Times are counted in steps, so each figure shows the step it falls in.`}
      </p>
      <table aria-labelledby="speed-title" className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{t`Measure`}</span>
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t`7 days`}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t`30 days`}</th>
          </tr>
        </thead>
        <tbody>
          {speedFigures.map(({ metric, percentile }, index) => (
            <tr
              key={`${metric}-${percentile}`}
              className="border-t border-neutral-200 dark:border-neutral-800"
            >
              <th scope="row" className="py-2 text-left font-normal">
                {percentile === 50 ? t`Median` : t`${percentile}th percentile`}
              </th>
              <td className={cell}>{shown(speed.figures[index]?.week ?? null)}</td>
              <td className={cell}>{shown(speed.figures[index]?.month ?? null)}</td>
            </tr>
          ))}
          <tr className="border-t border-neutral-200 dark:border-neutral-800">
            <th scope="row" className="py-2 text-left font-normal">
              {t`Live starts measured`}
            </th>
            <td className={cell}>{formatNumber(locale, speed.samples.live_start.week)}</td>
            <td className={cell}>{formatNumber(locale, speed.samples.live_start.month)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
