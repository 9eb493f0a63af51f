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

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeInfo[locale].tag, {
      ...options,
      timeZone: LAKE_TIME_ZONE,
    });
    formatters.set(key, format);
  }
  return format;
}

export function formatTime(locale: Locale, instant: string | number | Date): string {
  return dateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(new Date(instant));
}

export function formatDateTime(locale: Locale, instant: string | number): string {
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(instant));
}

export function formatDay(locale: Locale, day: string): string {
  // Noon UTC is the same calendar day in Rome, whatever the season.
  return dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export function formatMonth(locale: Locale, month: number): string {
  return dateTimeFormat(locale, { month: "long" }).format(Date.UTC(2025, month - 1, 15, 12));
}

/** "in 40 seconds", or "in 3 minutes" from a minute and a half on (rounded up). */
export function formatWait(locale: Locale, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(localeInfo[locale].tag);
  return seconds < 90
    ? format.format(Math.max(1, Math.ceil(seconds)), "second")
    : format.format(Math.ceil(seconds / 60), "minute");
}

export function formatShortDay(locale: Locale, day: string): string {
  return dateTimeFormat(locale, { day: "numeric", month: "short" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
