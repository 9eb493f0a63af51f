import type { I18n, Messages } from "@lingui/core";
import type { Locale } from "./locales";

/** Loads one locale's main catalog in the browser; Vite splits each into its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  return messages;
}

/** Adds the text pages' catalog (about and legal texts) to the browser's i18n instance. */
export async function loadTextPageMessages(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  const { messages } = await import(`../../locales/${locale}/pages.po`);
  i18n.load(locale, messages);
}

// The browser has exactly one visitor, so its one i18n instance may live in a module.
let browserI18n: I18n | null = null;

export function setBrowserI18n(i18n: I18n) {
  browserI18n = i18n;
}

/** For text pages' clientLoader: make sure their catalog is there before they render. */
export async function ensureTextPageMessages(): Promise<null> {
  if (browserI18n) await loadTextPageMessages(browserI18n);
  return null;
}
