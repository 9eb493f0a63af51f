import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";
import { stripLocale } from "#app/i18n/locales.ts";
import { isAdminPath } from "#app/shell/pages.ts";

/** Runs `work` when the browser is idle, so statistics never compete with the page. */
function whenIdle(work: () => void) {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

/** By path only (a gallery filter is not a new view); the owner's pages are not counted. */
export function usePageViews() {
  const { pathname } = useLocation();
  const landing = useRef(true);
  useEffect(() => {
    // Only the landing page has an outside referrer; later ones come from this site.
    const referrer = landing.current ? document.referrer : "";
    landing.current = false;
    if (isAdminPath(stripLocale(pathname))) return;
    whenIdle(() => {
      import("./beacon.ts")
        .then((beacon) => beacon.sendPageView(pathname, referrer))
        .catch(() => {
          // Statistics are never worth an error for the visitor.
        });
    });
  }, [pathname]);
}

export function reportEvent(event: BeaconEvent) {
  import("./beacon.ts").then((beacon) => beacon.sendEvent(event)).catch(() => {});
}
