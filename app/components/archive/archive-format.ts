import type { Locale } from "#app/i18n/locales.ts";
import { dateTimeFormat } from "#app/lib/format.ts";

// Lake-time calendar dates, formatted at noon UTC: the same date in Rome in every season.
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

function format(locale: Locale, options: Intl.DateTimeFormatOptions, day: string) {
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(noon(day));
}

export function formatArchiveDay(locale: Locale, day: string): string {
  return format(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" }, day);
}

/** "Fri 27": a day in the month's list of strips. */
export function formatStripDay(locale: Locale, day: string): string {
  return format(locale, { weekday: "short", day: "numeric" }, day);
}

// "8 AM" on a twelve-hour clock: "8:00 AM" does not fit a twelfth of the row.
export function formatHour(locale: Locale, hour: number): string {
  const twelveHours = dateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hour12;
  const minute = twelveHours ? undefined : "2-digit";
  return dateTimeFormat(locale, { hour: "numeric", minute, timeZone: "UTC" }).format(
    Date.UTC(2024, 0, 1, hour),
  );
}

export function formatArchiveMonth(locale: Locale, month: string): string {
  return format(locale, { month: "long", year: "numeric" }, `${month}-01`);
}

export function weekdayNames(locale: Locale): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = `2024-01-0${i + 1}`;
    return {
      short: format(locale, { weekday: "short" }, day),
      long: format(locale, { weekday: "long" }, day),
    };
  });
}

export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, m - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

export function monthGrid(month: string): { lead: number; days: string[] } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, m - 1, 1));
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const days = Array.from(
    { length: count },
    (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`,
  );
  return { lead: (first.getUTCDay() + 6) % 7, days };
}
