// Loaded with a product event or a speed report only: keep it tiny.
import type { SpeedReport } from "#app/features/statistics/speed-report.ts";
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

export function sendBeacon(report: { type: "event"; name: BeaconEvent } | SpeedReport) {
  const body = JSON.stringify(report);
  // text/plain needs no CORS preflight; false: the browser's beacon queue is full.
  if (!navigator.sendBeacon?.("/api/beacon", body)) {
    fetch("/api/beacon", { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}
