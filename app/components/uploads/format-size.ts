import type { Locale } from "#app/i18n/locales.ts";
import { formatNumber } from "#app/lib/format.ts";

// Beside the uploads, not in format.ts: that one is in every page's first scripts.
/**
 * A file's size, or with `perSecond` a transfer's speed: kB below a megabyte (a small photo
 * read "0 MB"), MB to one decimal above; decimal units, as phones and computers show files.
 */
export function formatBytes(locale: Locale, bytes: number, { perSecond = false } = {}): string {
  const kilobytes = Math.round(bytes / 1e3);
  const [value, unit] = kilobytes < 1000 ? [kilobytes, "kilobyte"] : [bytes / 1e6, "megabyte"];
  return formatNumber(locale, value, {
    style: "unit",
    unit: perSecond ? `${unit}-per-second` : unit,
    maximumFractionDigits: 1,
  });
}
