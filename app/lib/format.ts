import { type Locale, localeInfo } from "~/i18n/locales";

/** The lake's time zone: visitors everywhere see the camera's local dates and times. */
export const LAKE_TIME_ZONE = "Europe/Rome";

export function formatDate(locale: Locale, date: Date | string): string {
  return new Intl.DateTimeFormat(localeInfo[locale].tag, {
    dateStyle: "long",
    timeZone: LAKE_TIME_ZONE,
  }).format(typeof date === "string" ? new Date(date) : date);
}

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(localeInfo[locale].tag, options).format(value);
}

/** "14:32" in the lake's time zone. */
export function formatTime(locale: Locale, date: Date | string): string {
  return new Intl.DateTimeFormat(localeInfo[locale].tag, {
    timeStyle: "short",
    timeZone: LAKE_TIME_ZONE,
  }).format(typeof date === "string" ? new Date(date) : date);
}
