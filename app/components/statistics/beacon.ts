// Loaded with a product event or a speed report only: keep it tiny.
import type { Report } from "./report-usage.ts";

export function sendBeacon(report: Report) {
  const body = JSON.stringify(report);
  // text/plain needs no CORS preflight; false: the browser's beacon queue is full.
  if (!navigator.sendBeacon?.("/api/beacon", body)) {
    fetch("/api/beacon", { method: "POST", body, keepalive: true }).catch(() => undefined);
  }
}
