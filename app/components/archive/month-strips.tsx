// catalog: archive

import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { conditionLabels } from "#app/components/weather/condition.tsx";
import { type DayStrip, slotAt, stripDrawing } from "#app/features/archive/day-strip.ts";
import { type ArchivePage, archiveHref } from "#app/features/archive/stills.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/lib/format.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { formatArchiveMonth, formatStripDay } from "./archive-format.ts";
import { sunsetDot, sunsetLabels } from "./day-picks.tsx";

// The strip is for the pointer; keyboards and screen readers have the day's link and its words.
const stripBox = "h-8 w-full rounded bg-neutral-200 dark:bg-neutral-800";

export function MonthStrips({ page }: { page: ArchivePage }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const navigate = useNavigate();
  const path = localizePath("/archive", locale);
  const strips = new Map(page.monthStrips.map((strip) => [strip.day, strip]));
  const title = formatArchiveMonth(locale, page.month);
  if (page.monthDays.length === 0) return null;

  const openMoment = (strip: DayStrip) => (event: MouseEvent<HTMLAnchorElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const slot = slotAt(strip, (event.clientX - box.left) / box.width);
    if (slot === null) return;
    event.preventDefault();
    navigate(archiveHref(path, { at: lakeWallClock(slot) }));
  };

  const words = (strip: DayStrip | undefined) => {
    if (!strip?.noon) return t`No weather recorded`;
    const condition = i18n._(conditionLabels[strip.noon.condition]);
    const temperature = formatNumber(locale, strip.noon.temperature, {
      style: "unit",
      unit: "celsius",
      maximumFractionDigits: 0,
    });
    return t`At noon: ${condition}, ${temperature}`;
  };

  const sunset = (day: string) => {
    const quality = page.sunsets[day];
    if (!quality) return null;
    return (
      <span className="ml-2 inline-flex items-center gap-1">
        <span aria-hidden="true" className={`size-2 rounded-full ${sunsetDot[quality]}`} />
        {i18n._(sunsetLabels[quality])}
      </span>
    );
  };

  return (
    <section aria-labelledby="month-strips-title" className="mt-8">
      <h2 id="month-strips-title" className="text-base font-semibold">
        {t`${title} at a glance`}
      </h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {t`Each day from dawn to dusk: a stripe in the colour of every picture. Pick a point on a strip to open that moment.`}
      </p>
      <ul className="mt-3 grid gap-x-3 sm:grid-cols-[6rem_minmax(0,1fr)_14rem]">
        {page.monthDays.map((day) => {
          const strip = strips.get(day);
          const drawing = strip ? stripDrawing(strip) : null;
          const dayHref = archiveHref(path, { day });
          return (
            <li
              key={day}
              className="col-span-full grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-x-3 sm:grid-cols-subgrid"
            >
              <Link
                to={dayHref}
                // The calendar names the day on show; here it is only bold.
                className={`inline-flex min-h-11 items-center text-primary-800 underline-offset-4 hover:underline dark:text-primary-200 ${day === page.day ? "font-bold" : "font-medium"}`}
              >
                {formatStripDay(locale, day)}
              </Link>
              <Link
                to={dayHref}
                onClick={strip ? openMoment(strip) : undefined}
                aria-hidden="true"
                tabIndex={-1}
                className="flex h-11 items-center"
              >
                {drawing ? (
                  <svg
                    viewBox={`0 0 ${drawing.columns} 1`}
                    preserveAspectRatio="none"
                    shapeRendering="crispEdges"
                    className={stripBox}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: stripDrawing writes hex digits and numbers alone
                    dangerouslySetInnerHTML={{ __html: drawing.rects }}
                  />
                ) : (
                  <span className={stripBox} />
                )}
              </Link>
              <span className="col-start-2 pb-2 text-sm text-neutral-700 sm:col-start-auto sm:pb-0 dark:text-neutral-300">
                {words(strip)}
                {sunset(day)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
