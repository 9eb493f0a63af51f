import type { I18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import { type Locale, locales } from "#app/i18n/locales.ts";
import { formatDate, formatNumber, formatTime } from "#app/lib/format.ts";
import type { TimelapseFacts } from "#protocol/timelapse-upload.ts";
import { timelapseLength } from "./timelapse-labels.ts";

type TimelapseTexts = Record<`title${string}` | `description${string}`, string>;

export function timelapseTexts(
  facts: TimelapseFacts,
  i18nFor: (locale: Locale) => I18n,
): TimelapseTexts {
  const texts: TimelapseTexts = {};
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
