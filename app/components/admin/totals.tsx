// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatNumber } from "#app/lib/format.ts";

export type DashboardTotals = { images: number; videos: number; views: number; likes: number };

export function Totals({ totals }: { totals: DashboardTotals }) {
  const { t } = useLingui();
  const locale = useLocale();
  const figures = [
    { label: t`Images`, value: totals.images },
    { label: t`Videos`, value: totals.videos },
    // Not "Views": the statistics' page views count something else.
    { label: t`Gallery views`, value: totals.views },
    { label: t`Likes`, value: totals.likes },
  ];
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(({ label, value }) => (
        <div
          key={label}
          className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
        >
          <dt className="text-sm text-neutral-600 dark:text-neutral-400">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">
            {formatNumber(locale, value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
