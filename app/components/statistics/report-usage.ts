import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";
import { stripLocale } from "#app/i18n/locales.ts";
import { isAdminPath } from "#app/shell/pages.ts";

function whenIdle(work: () => void) {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout: 5000 });
  else setTimeout(work, 1000);
}

// By path only: a gallery filter is not a new view.
export function usePageViews() {
  const { pathname } = useLocation();
  const landing = useRef(true);
  useEffect(() => {
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
