import { type Locale, localeInfo } from "#app/i18n/locales.ts";
import { LAKE_TIME_ZONE } from "#time/lake-time.ts";

const formats = new Map<string, unknown>();

function reused<T>(key: string, build: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (format === undefined) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions) {
  return reused(
    `date:${locale}:${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(localeInfo[locale].tag, { timeZone: LAKE_TIME_ZONE, ...options }),
  );
}

export function formatDate(locale: Locale, date: Date | string): string {
  return dateTimeFormat(locale, { dateStyle: "long" }).format(
    typeof date === "string" ? new Date(date) : date,
  );
}

export function formatNumber(locale: Locale, value: number, options?: Intl.NumberFormatOptions) {
  return reused(
    `number:${locale}:${JSON.stringify(options ?? {})}`,
    () => new Intl.NumberFormat(localeInfo[locale].tag, options),
  ).format(value);
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
  // Noon UTC is the same calendar day in Rome in every season.
  return dateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

export function formatMonth(locale: Locale, month: number): string {
  return dateTimeFormat(locale, { month: "long" }).format(Date.UTC(2025, month - 1, 15, 12));
}

export function formatWait(locale: Locale, seconds: number): string {
  const format = reused(
    `relative:${locale}`,
    () => new Intl.RelativeTimeFormat(localeInfo[locale].tag),
  );
  return seconds < 90
    ? format.format(Math.max(1, Math.ceil(seconds)), "second")
    : format.format(Math.ceil(seconds / 60), "minute");
}

export function formatShortDay(locale: Locale, day: string): string {
  return dateTimeFormat(locale, { day: "numeric", month: "short" }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "5 minutes ago", "3 hours ago", "2 days ago": how old something is, roughly. */
export function formatAge(locale: Locale, ms: number): string {
  const format = reused(
    `relative-auto:${locale}`,
    () => new Intl.RelativeTimeFormat(localeInfo[locale].tag, { numeric: "auto" }),
  );
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 90) return format.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  return hours < 48 ? format.format(-hours, "hour") : format.format(-Math.round(hours / 24), "day");
}
