// Loaded with a product event only (report-usage.ts): keep it tiny.
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

export function sendEvent(name: BeaconEvent) {
  const body = JSON.stringify({ type: "event", name });
  // text/plain needs no CORS preflight; false: the browser's beacon queue is full.
  if (!navigator.sendBeacon?.("/api/beacon", body)) {
    fetch("/api/beacon", { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}
