import { localeCatalogs } from "virtual:locale-catalogs";
import type { I18n, Messages } from "@lingui/core";
import { catalogOf, type PageCatalog } from "#app/shell/pages.ts";
import { createI18n } from "./catalogs.ts";
import { localeFromPath, stripLocale } from "./locales.ts";

let browserI18n: I18n | undefined;
let pageCatalogLoaders: Record<PageCatalog, () => Promise<{ messages: Messages }>> | undefined;
// Merged once: each i18n.load renders every translated component anew (ADR 003).
const loadedCatalogs = new Set<PageCatalog>();

export async function createBrowserI18n(pathname: string): Promise<I18n> {
  const locale = localeFromPath(pathname);
  const { messages, catalogs } = await localeCatalogs[locale]();
  pageCatalogLoaders = catalogs;
  browserI18n = createI18n(locale, messages);
  await loadPageCatalog(pathname);
  return browserI18n;
}

export async function loadPageCatalog(pathname: string): Promise<void> {
  const catalog = catalogOf(stripLocale(pathname));
  if (catalog) await loadCatalog(catalog);
}

export async function loadCatalog(catalog: PageCatalog): Promise<void> {
  if (!browserI18n || !pageCatalogLoaders || loadedCatalogs.has(catalog)) return;
  const { messages } = await pageCatalogLoaders[catalog]();
  browserI18n.load(browserI18n.locale, messages);
  loadedCatalogs.add(catalog);
}
