import type { I18n, Messages } from "@lingui/core";
import type { PageCatalog } from "~/lib/pages";
import type { Locale } from "./locales";

export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

export async function loadPageCatalog(i18n: I18n, catalog: PageCatalog): Promise<void> {
  const locale = i18n.locale as Locale;
  const { messages } = await import(`../../locales/${locale}/${catalog}.po`);
  i18n.load(locale, messages);
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
