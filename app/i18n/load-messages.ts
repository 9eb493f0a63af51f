import type { I18n } from "@lingui/core";
import { catalogOf, type PageCatalog } from "#app/shell/pages.ts";
import { createI18n } from "./catalogs.ts";
import { type Locale, localeFromPath, stripLocale } from "./locales.ts";

let browserI18n: I18n | undefined;
// Merged once: each i18n.load renders every translated component anew (ADR 003).
const loadedCatalogs = new Set<PageCatalog>();

export async function createBrowserI18n(pathname: string): Promise<I18n> {
  const locale = localeFromPath(pathname);
  const { messages } = await import(`#locales/${locale}/messages.po`);
  browserI18n = createI18n(locale, messages);
  await loadPageCatalog(pathname);
  return browserI18n;
}

export async function loadPageCatalog(pathname: string): Promise<void> {
  const catalog = catalogOf(stripLocale(pathname));
  if (catalog) await loadCatalog(catalog);
}

export async function loadCatalog(catalog: PageCatalog): Promise<void> {
  if (!browserI18n || loadedCatalogs.has(catalog)) return;
  const locale = browserI18n.locale as Locale;
  const { messages } = await import(`#locales/${locale}/${catalog}.po`);
  browserI18n.load(locale, messages);
  loadedCatalogs.add(catalog);
}
