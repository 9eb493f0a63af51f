// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import type { Periods } from "#app/features/statistics/statistics.ts";
import { type ProductEvent, productEvents } from "#app/features/statistics/statistics-events.ts";
import { formatNumber } from "#app/lib/format.ts";
import { PeriodTable } from "./period-table.tsx";

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
  return (
    <PeriodTable
      id="events-title"
      title={t`Use of the site`}
      rowsName={t`Event`}
      periods={[t`Today`, t`7 days`, t`30 days`]}
      rows={productEvents.map((event) => ({
        key: event,
        label: labels[event],
        cells: [events[event].today, events[event].week, events[event].month].map((count) =>
          formatNumber(locale, count),
        ),
      }))}
    />
  );
}
