import type { SpeedReport } from "#app/features/statistics/speed-report.ts";
import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

export type Report = { type: "event"; name: BeaconEvent } | SpeedReport;

// The beacon's code arrives with the first report.
const report = (body: Report) => {
  import("./beacon.ts").then((beacon) => beacon.sendBeacon(body)).catch(() => {});
};

// Page views need no beacon: the Worker counts a page's own request (ADR 014).
export const reportEvent = (event: BeaconEvent) => report({ type: "event", name: event });

/** Press → first frame, from a random `percent` of live starts: each costs a Worker request. */
export function reportLiveStart(milliseconds: number, percent: number) {
  if (Math.random() * 100 < percent)
    report({ type: "speed", live_start: Math.round(milliseconds) });
}
