import type { BeaconEvent } from "#app/features/statistics/statistics-events.ts";

// Page views need no beacon: the Worker counts a page's own request (ADR 014).
export function reportEvent(event: BeaconEvent) {
  import("./beacon.ts").then((beacon) => beacon.sendEvent(event)).catch(() => {});
}
