import type { SpeedReport, VitalsReport } from "#app/features/statistics/speed-report.ts";
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

export type Report = { type: "event"; name: BeaconEvent } | SpeedReport | VitalsReport;

// The beacon's code arrives with the first report.
const report = (body: Report) => {
  import("./beacon.ts").then((beacon) => beacon.sendBeacon(body)).catch(() => {});
};

// Page views need no beacon: the Worker counts a page's own request (ADR 014).
export const reportEvent = (event: BeaconEvent) => report({ type: "event", name: event });

const sampled = (percent: number) => Math.random() * 100 < percent;

/** Press → first frame, from a random `percent` of live starts: each costs a Worker request. */
export function reportLiveStart(milliseconds: number, percent: number) {
  if (sampled(percent)) report({ type: "speed", live_start: Math.round(milliseconds) });
}

const vitalsTriggers = ["pointerdown", "keydown", "visibilitychange"] as const;
let vitalsDrawn = false; // once per document: a remounted shell must not draw again

/**
 * The Web Vitals of a random `percent` of page loads, in browsers that measure LCP. The library
 * arrives with the visitor's first input or when the page is first hidden, not with the page: it
 * reads what the browser kept of the load (ADR 014).
 */
export function reportWebVitals(percent: number) {
  if (vitalsDrawn) return;
  vitalsDrawn = true;
  const measured = PerformanceObserver.supportedEntryTypes ?? [];
  if (!measured.includes("largest-contentful-paint") || !sampled(percent)) return;
  const start = () => {
    for (const type of vitalsTriggers) removeEventListener(type, start, true);
    import("./web-vitals-report.ts").then((vitals) => vitals.reportOnHide()).catch(() => {});
  };
  for (const type of vitalsTriggers) addEventListener(type, start, true);
}
