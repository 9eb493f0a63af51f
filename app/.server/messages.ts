import type { Messages } from "@lingui/core";
import { type Locale, locales } from "#app/i18n/locales.ts";

const catalogs = import.meta.glob<Messages>("/locales/*/*.po", {
  eager: true,
  import: "messages",
});

function merged(locale: Locale): Messages {
  const own = Object.entries(catalogs).filter(([path]) => path.includes(`/locales/${locale}/`));
  if (own.length === 0) throw new Error(`no message catalogs for locale "${locale}"`);
  return Object.assign({}, ...own.map(([, messages]) => messages));
}

/** The server renders any page in any locale, so it holds every catalog of each, merged. */
export const serverMessages = Object.fromEntries(
  locales.map((locale) => [locale, merged(locale)]),
) as Record<Locale, Messages>;
