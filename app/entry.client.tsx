import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { createBrowserI18n } from "#app/i18n/load-messages.ts";
import { reloadAfterChunkError } from "#app/shell/build-check.ts";

// A deploy removed the chunk this page wanted: load the new build once. Without a reload (offline,
// or a second failure) the import fails to its caller: a statistics report is dropped, a lazy
// part's failure reaches the root's error boundary ("page could not be loaded" offline).
window.addEventListener("vite:preloadError", (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

async function mount() {
  const i18n = await createBrowserI18n(window.location.pathname);
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
