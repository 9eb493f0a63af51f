// Loaded once the page is idle (report-usage.ts): keep it tiny.
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

type Beacon =
  | { type: "view"; path: string; referrer?: string }
  | { type: "event"; name: BeaconEvent };

function send(beacon: Beacon) {
  const body = JSON.stringify(beacon);
  // text/plain needs no CORS preflight; false: the browser's beacon queue is full.
  if (!navigator.sendBeacon?.("/api/beacon", body)) {
    fetch("/api/beacon", { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}

export function sendPageView(path: string, referrer: string) {
  let host = "";
  try {
    host = new URL(referrer).hostname;
  } catch {
    // no referrer, or one the browser reduced to nothing
  }
  send({ type: "view", path, ...(host && host !== location.hostname && { referrer: host }) });
}

export function sendEvent(name: BeaconEvent) {
  send({ type: "event", name });
}
