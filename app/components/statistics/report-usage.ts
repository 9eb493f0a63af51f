import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

// Page views need no beacon: the Worker counts a page's own request (ADR 014).
export function reportEvent(event: BeaconEvent) {
  import("./beacon.ts")
    .then((beacon) => beacon.sendBeacon({ type: "event", name: event }))
    .catch(() => {});
}

/** Press → first frame, from a random `percent` of live starts: each costs a Worker request. */
export function reportLiveStart(milliseconds: number, percent: number) {
  if (Math.random() * 100 >= percent) return;
  import("./beacon.ts")
    .then((beacon) => beacon.sendBeacon({ type: "speed", live_start: Math.round(milliseconds) }))
    .catch(() => {});
}
