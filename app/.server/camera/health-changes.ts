import {
  type CameraEventKind,
  HOT_CELSIUS,
  type KeptHealth,
  SKEW_WARNING_SECONDS,
} from "#app/features/camera/camera-overview.ts";

type Change = { kind: CameraEventKind; detail: string | null };

export function healthChanges(before: KeptHealth | null, now: KeptHealth): Change[] {
  const was = before?.report;
  const is = now.report;
  const changes: Change[] = [];
  const newly = (then: boolean | undefined | null, current: boolean | undefined | null) =>
    Boolean(current) && !then;
  if (
    newly(was?.power?.underVoltage, is.power?.underVoltage) ||
    newly(was?.power?.underVoltageOccurred, is.power?.underVoltageOccurred)
  ) {
    changes.push({ kind: "under_voltage", detail: is.power?.underVoltage ? "now" : "since boot" });
  }
  if (newly(was?.power?.throttled, is.power?.throttled))
    changes.push({ kind: "throttled", detail: null });
  const hot = (celsius: number | null | undefined) => (celsius ?? 0) >= HOT_CELSIUS;
  if (hot(is.cpuTempC) && !hot(was?.cpuTempC)) {
    changes.push({ kind: "hot", detail: `${Math.round(is.cpuTempC ?? 0)} °C` });
  }
  if (is.clockSynced === false && was?.clockSynced !== false) {
    changes.push({ kind: "clock_unsynced", detail: null });
  }
  const skewed = (seconds: number | undefined) => Math.abs(seconds ?? 0) > SKEW_WARNING_SECONDS;
  if (skewed(now.skewSeconds) && !skewed(before?.skewSeconds)) {
    changes.push({ kind: "clock_skew", detail: `${now.skewSeconds} s` });
  }
  return changes;
}
