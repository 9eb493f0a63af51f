import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createI18n } from "./i18n/catalogs";
import { loadMessages, loadPageCatalog, setBrowserI18n } from "./i18n/load-messages";
import { localeFromPath, stripLocale } from "./i18n/locales";
import { reloadAfterChunkError } from "./lib/build-check";
import { catalogOf } from "./lib/pages";

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
