import type { HealthReport } from "#protocol/camera-box.ts";

/** A healthy box's report at `at`, with `changes` on top. */
export function healthReport(changes: Partial<HealthReport> = {}, at = Date.now()): HealthReport {
  const time = new Date(at).toISOString();
  return {
    type: "health",
    at: time,
    software: "v34-test",
    uptimeSeconds: 3600,
    disk: { freeMiB: 9000, totalMiB: 29_000, minFreeMiB: 1024, capturePaused: false },
    lastFrameAt: time,
    lastStillAt: time,
    stillsWaiting: 0,
    restarts24h: { camera: 0, capture: 0, live: 0 },
    camera: { answering: true, since: time, keyframeSeconds: 2 },
    film: null,
    cpuTempC: 52,
    power: {
      underVoltage: false,
      throttled: false,
      underVoltageOccurred: false,
      throttledOccurred: false,
    },
    clockSynced: true,
    ...changes,
  };
}
