declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

declare module "virtual:locale-catalogs" {
  import type { Messages } from "@lingui/core";
  import type { Locale } from "#app/i18n/locales.ts";
  import type { PageCatalog } from "#app/shell/pages.ts";

  type Catalog = Promise<{ messages: Messages }>;
  /** scripts/locale-catalogs.ts */
  export const localeCatalogs: Record<
    Locale,
    () => Promise<{ messages: Messages; catalogs: Record<PageCatalog, () => Catalog> }>
  >;
}
