import type { I18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import { timelapseLength } from "#app/features/timelapse/timelapse-labels.ts";
import { type Locale, locales } from "#app/i18n/locales.ts";
import type { FilmFacts } from "#protocol/daily-content.ts";
import { formatDate, formatNumber, formatTime } from "./format.ts";

type FilmTexts = Record<`title${string}` | `description${string}`, string>;

/** A film's title and description in every language, written when the box registers it. */
export function filmTexts(facts: FilmFacts, i18nFor: (locale: Locale) => I18n): FilmTexts {
  const texts: FilmTexts = {};
  for (const locale of locales) {
    const i18n = i18nFor(locale);
    const { unit, value } = timelapseLength(facts.durationSeconds);
    const date = formatDate(locale, facts.from);
    const start = formatTime(locale, facts.from);
    const end = formatTime(locale, facts.to);
    const speed = formatNumber(locale, Math.round(facts.speed));
    const { width, height } = facts;
    const length = formatNumber(locale, value, {
      style: "unit",
      unit: unit === "minutes" ? "minute" : "second",
      unitDisplay: "long",
    });
    texts[localizedField("title", locale)] = t(i18n)`Time-lapse of ${date}`;
    texts[localizedField("description", locale)] = t(
      i18n,
    )`The harbour from ${start} to ${end}, ${speed} times faster than life: ${width} × ${height} pixels, ${length}. The poster shows the brightest moment around midday.`;
  }
  return texts;
}
