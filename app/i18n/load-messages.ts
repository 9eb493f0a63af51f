import type { I18n, Messages } from "@lingui/core";
import type { PageCatalog } from "#app/shell/pages.ts";
import type { Locale } from "./locales.ts";

export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`#locales/${locale}/messages.po`);
  return messages;
}

// A page catalog merges into the browser's messages once: loading it again on every visit to
// its pages (the gallery's Show more, a step in its viewer) would change no text, yet make every
// translated component render anew.
const loadedCatalogs = new Set<string>();

export async function loadPageCatalog(i18n: I18n, catalog: PageCatalog): Promise<void> {
  const locale = i18n.locale as Locale;
  const key = `${locale}/${catalog}`;
  if (loadedCatalogs.has(key)) return;
  const { messages } = await import(`#locales/${locale}/${catalog}.po`);
  i18n.load(locale, messages);
  loadedCatalogs.add(key);
}

// The browser has exactly one visitor, so its one i18n instance may live in a module.
let browserI18n: I18n | null = null;

export function setBrowserI18n(i18n: I18n) {
  browserI18n = i18n;
}

export async function ensurePageCatalog(catalog: PageCatalog): Promise<null> {
  if (browserI18n) await loadPageCatalog(browserI18n, catalog);
  return null;
}
