// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { PeriodFigures, Periods } from "#app/features/statistics/statistics.ts";
import { formatNumber } from "#app/lib/format.ts";

export function PeriodFiguresList({ totals }: { totals: Periods<PeriodFigures> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const periods = [
    { label: t`Today`, figures: totals.today },
    { label: t`Last 7 days`, figures: totals.week },
    { label: t`Last 30 days`, figures: totals.month },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {periods.map(({ label, figures }) => (
        <section
          key={label}
          aria-label={label}
          className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <h3 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{label}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-2">
            {[
              { term: t`Visitors`, value: figures.visitors },
              { term: t`Page views`, value: figures.views },
            ].map(({ term, value }) => (
              <div key={term}>
                <dt className="text-sm">{term}</dt>
                <dd className="text-2xl font-semibold tabular-nums">
                  {formatNumber(locale, value)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
