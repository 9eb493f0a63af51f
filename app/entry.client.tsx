import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "#app/i18n/catalogs.ts";
import { loadMessages, loadPageCatalog, setBrowserI18n } from "#app/i18n/load-messages.ts";
import { localeFromPath, stripLocale } from "#app/i18n/locales.ts";
import { reloadAfterChunkError } from "#app/shell/build-check.ts";
import { catalogOf } from "#app/shell/pages.ts";

// A deploy removed the chunk this page wanted: load the new build once.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});

async function mount() {
  const { pathname } = window.location;
  const locale = localeFromPath(pathname);
  const i18n = createI18n(locale, await loadMessages(locale));
  const catalog = catalogOf(stripLocale(pathname));
  if (catalog) await loadPageCatalog(i18n, catalog);
  setBrowserI18n(i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

mount().catch((error: unknown) => {
  console.error("Error while mounting app:", error);
  throw error;
});
