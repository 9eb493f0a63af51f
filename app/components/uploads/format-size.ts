import type { Locale } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/lib/format.ts";

// Not in format.ts, which every page loads first; kB below a megabyte (a photo read "0 MB").
export function formatBytes(locale: Locale, bytes: number, { perSecond = false } = {}): string {
  const kilobytes = Math.round(bytes / 1e3);
  const [value, unit] = kilobytes < 1000 ? [kilobytes, "kilobyte"] : [bytes / 1e6, "megabyte"];
  return formatNumber(locale, value, {
    style: "unit",
    unit: perSecond ? `${unit}-per-second` : unit,
    maximumFractionDigits: 1,
  });
}
