// catalog: archive

import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { type ArchivePage, archiveHref } from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { SUNSET_QUALITIES } from "#protocol/day-picks.ts";
import ChevronLeftIcon from "~icons/mdi/chevron-left";
import ChevronRightIcon from "~icons/mdi/chevron-right";
import {
  formatArchiveDay,
  formatArchiveMonth,
  monthGrid,
  shiftMonth,
  weekdayNames,
} from "./archive-format.ts";
import { sunsetDot, sunsetLabels } from "./day-picks.tsx";
import { RangeLink } from "./range-link.tsx";

const cell = "mx-auto flex size-11 items-center justify-center rounded-lg text-sm";
const monthButton =
  "inline-flex size-11 items-center justify-center rounded-lg hover:bg-neutral-100 aria-disabled:text-neutral-400 aria-disabled:hover:bg-transparent dark:hover:bg-neutral-800 dark:aria-disabled:text-neutral-600";

export function ArchiveCalendar({
  page,
  range,
}: {
  page: ArchivePage;
  range: { first: string; last: string };
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const path = localizePath("/archive", locale);
  const { month, day, monthDays, still, sunsets } = page;
  const withPictures = new Set(monthDays);
  const { lead, days } = monthGrid(month);
  const weekdays = weekdayNames(locale);
  const keep: Record<string, string> = still ? { at: still.at } : { day };
  const monthLink = (by: -1 | 1, label: string, Icon: typeof ChevronLeftIcon) => {
    const target = shiftMonth(month, by);
    const reachable = by < 0 ? target >= range.first.slice(0, 7) : target <= range.last.slice(0, 7);
    return (
      <RangeLink
        to={reachable ? archiveHref(path, { ...keep, month: target }) : null}
        className={monthButton}
        aria-label={label}
      >
        <Icon aria-hidden="true" className="size-6" />
      </RangeLink>
    );
  };
  const title = formatArchiveMonth(locale, month);

  return (
    // Seven 44 px days fit a 320 px screen only edge to edge.
    <section
      aria-labelledby="calendar-title"
      className="self-start border-neutral-200 max-sm:-mx-4 sm:rounded-xl sm:border sm:p-3 dark:border-neutral-800"
    >
      <div className="flex items-center justify-between">
        {monthLink(-1, t`Previous month`, ChevronLeftIcon)}
        <h2 id="calendar-title" className="text-base font-semibold" aria-live="polite">
          {title}
        </h2>
        {monthLink(1, t`Next month`, ChevronRightIcon)}
      </div>
      <table className="mt-2 w-full table-fixed border-collapse text-center">
        <caption className="sr-only">{t`Days with pictures in ${title}`}</caption>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                abbr={weekday.long}
                className="pb-1 text-xs font-medium text-neutral-600 dark:text-neutral-400"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(lead, days).map((week) => (
            <tr key={week.find(Boolean) ?? "lead"}>
              {week.map((date, i) => (
                <td key={date ?? i} className="p-0 sm:p-0.5">
                  {date ? dayCell(date) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {Object.keys(sunsets).length > 0 ? (
        <ul
          aria-label={t`Sunset marks`}
          className="mt-2 flex flex-wrap justify-center gap-x-3 text-xs text-neutral-700 dark:text-neutral-300"
        >
          {SUNSET_QUALITIES.map(([quality]) => (
            <li key={quality} className="inline-flex items-center gap-1">
              <span aria-hidden="true" className={`size-2 rounded-full ${sunsetDot[quality]}`} />
              {i18n._(sunsetLabels[quality])}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );

  function dayCell(date: string) {
    const number = Number(date.slice(8));
    const label = formatArchiveDay(locale, date);
    const sunset = sunsets[date];
    const mark = sunset ? i18n._(sunsetLabels[sunset]) : null;
    if (!withPictures.has(date)) {
      return (
        <span className={`${cell} text-neutral-500 dark:text-neutral-400`}>
          <span aria-hidden="true">{number}</span>
          <span className="sr-only">{t`${label}, no pictures`}</span>
        </span>
      );
    }
    return (
      <Link
        to={archiveHref(path, { day: date })}
        preventScrollReset
        aria-label={mark ? t`${label}: ${mark}` : label}
        aria-current={date === day ? "date" : undefined}
        className={`${cell} relative bg-primary-50 font-semibold text-primary-900 hover:bg-primary-100 aria-[current]:bg-primary-700 aria-[current]:text-white dark:bg-primary-950 dark:text-primary-100`}
      >
        {number}
        {sunset ? (
          <span
            aria-hidden="true"
            className={`absolute bottom-1 left-1/2 size-1.5 -translate-x-1/2 rounded-full ring-1 ring-white dark:ring-neutral-950 ${sunsetDot[sunset]}`}
          />
        ) : null}
      </Link>
    );
  }
}

function weeksOf(lead: number, days: string[]): (string | null)[][] {
  const cells = [...Array.from({ length: lead }, () => null), ...days];
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) {
    const week = cells.slice(i, i + 7);
    weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  }
  return weeks;
}
