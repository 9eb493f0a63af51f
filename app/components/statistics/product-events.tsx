// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { Periods } from "#app/features/statistics/statistics.ts";
import { type ProductEvent, productEvents } from "#app/features/statistics/statistics-events.ts";
import { formatNumber } from "#app/lib/format.ts";

export function ProductEvents({ events }: { events: Record<ProductEvent, Periods<number>> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const labels: Record<ProductEvent, string> = {
    stream_started: t`Live sessions started`,
    stream_completed: t`Live sessions watched to the end`,
    timelapse_play: t`Time-lapse plays`,
    like: t`Likes`,
    contact_sent: t`Contact messages sent`,
  };
  const cell = "py-2 pl-3 text-right tabular-nums";
  return (
    <section
      aria-labelledby="events-title"
      className="overflow-x-auto rounded-xl border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h3 id="events-title" className="font-semibold">
        {t`Use of the site`}
      </h3>
      <table aria-labelledby="events-title" className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{t`Event`}</span>
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t`Today`}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t`7 days`}</th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">{t`30 days`}</th>
          </tr>
        </thead>
        <tbody>
          {productEvents.map((event) => (
            <tr key={event} className="border-t border-neutral-200 dark:border-neutral-800">
              <th scope="row" className="py-2 text-left font-normal">
                {labels[event]}
              </th>
              <td className={cell}>{formatNumber(locale, events[event].today)}</td>
              <td className={cell}>{formatNumber(locale, events[event].week)}</td>
              <td className={cell}>{formatNumber(locale, events[event].month)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
