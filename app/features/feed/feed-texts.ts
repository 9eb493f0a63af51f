// catalog: pages
import type { I18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import type { Locale } from "#app/i18n/locales.ts";
import { formatDate, formatTime } from "#app/lib/format.ts";

export const siteName = (i18n: I18n) => t(i18n)`Lake Garda Live Camera`;

export function feedTexts(i18n: I18n, locale: Locale) {
  return {
    title: siteName(i18n),
    subtitle: t(i18n)`New time-lapses, pictures and the best stills of the day from the harbour`,
    bestOf: (takenAt: Date) => {
      const date = formatDate(locale, takenAt);
      const time = formatTime(locale, takenAt);
      return t(i18n)`Best of the day: Lake Garda on ${date} at ${time}`;
    },
  };
}
