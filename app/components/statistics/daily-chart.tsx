// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { DayFigures } from "#app/features/statistics/statistics.ts";
import { formatNumber, formatShortDay } from "#app/lib/format.ts";

const HEIGHT = 100;

// Labels in HTML: SVG text shrinks on phones.
export function DailyChart({ days }: { days: DayFigures[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const max = Math.max(1, ...days.map((day) => day.views));
  const first = days[0];
  const last = days.at(-1);
  const y = (value: number) => HEIGHT - (value / max) * HEIGHT;
  const series = [
    {
      key: "views",
      label: t`Page views`,
      inset: 1,
      // 3:1 against the card and the visitors' bars (WCAG 1.4.11).
      fill: "fill-primary-600 dark:fill-primary-700",
      swatch: "bg-primary-600 dark:bg-primary-700",
    },
    {
      key: "visitors",
      label: t`Visitors`,
      inset: 2.5,
      fill: "fill-primary-950 dark:fill-primary-200",
      swatch: "bg-primary-950 dark:bg-primary-200",
    },
  ] as const;
  return (
    <figure className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t`Per day, last 30 days`}</h3>
        <span className="flex gap-4 text-sm">
          {series.map((bar) => (
            <span key={bar.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-3 rounded-sm ${bar.swatch}`} />
              {bar.label}
            </span>
          ))}
        </span>
      </figcaption>
      <div className="mt-3 flex gap-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between text-right text-xs tabular-nums text-neutral-600 dark:text-neutral-400"
        >
          <span>{formatNumber(locale, max)}</span>
          <span>{formatNumber(locale, 0)}</span>
        </div>
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${days.length * 10} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-l border-neutral-300 dark:border-neutral-700"
        >
          {days.map((day, i) => (
            <g key={day.day}>
              <title>
                {[
                  formatShortDay(locale, day.day),
                  ...series.map((bar) => `${bar.label}: ${formatNumber(locale, day[bar.key])}`),
                ].join(" · ")}
              </title>
              {series.map((bar) => (
                <rect
                  key={bar.key}
                  x={i * 10 + bar.inset}
                  y={y(day[bar.key])}
                  width={10 - 2 * bar.inset}
                  height={HEIGHT - y(day[bar.key])}
                  className={bar.fill}
                />
              ))}
            </g>
          ))}
        </svg>
      </div>
      {first && last ? (
        <div
          aria-hidden="true"
          className="mt-1 flex justify-between pl-8 text-xs text-neutral-600 dark:text-neutral-400"
        >
          <span>{formatShortDay(locale, first.day)}</span>
          <span>{formatShortDay(locale, last.day)}</span>
        </div>
      ) : null}
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-3 text-sm font-medium">
          {t`Show as a table`}
        </summary>
        <table className="w-full text-sm">
          <caption className="sr-only">{t`Page views and visitors per day`}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-4">{t`Day`}</th>
              <th scope="col" className="py-1 pr-4 text-right">{t`Page views`}</th>
              <th scope="col" className="py-1 text-right">{t`Visitors`}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {days.toReversed().map((day) => (
              <tr key={day.day} className="border-t border-neutral-200 dark:border-neutral-800">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {formatShortDay(locale, day.day)}
                </th>
                <td className="py-1 pr-4 text-right">{formatNumber(locale, day.views)}</td>
                <td className="py-1 text-right">{formatNumber(locale, day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
