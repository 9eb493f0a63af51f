import type { StillPicture } from "#app/features/archive/archive-api.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { BoxEventKind, HealthReport } from "#protocol/camera-box.ts";
import type { AlertSwitches } from "./alert-switches.ts";

export type OfflineReason = "no_box" | "camera" | "contested";

export type Presence =
  | { online: true; since: number }
  | { online: false; since: number | null; why: OfflineReason };

export type KeptHealth = {
  report: HealthReport;
  receivedAt: number;
  /** How far the box's clock was behind the Worker's when the report arrived. */
  skewSeconds: number;
};

export const objectEventKinds = [
  "connected",
  "disconnected",
  "camera_lost",
  "camera_back",
  "contested",
  "refused",
  "under_voltage",
  "throttled",
  "hot",
  "clock_unsynced",
  "clock_skew",
  "alert_sent",
  "alert_failed",
] as const;
export type CameraEventKind = (typeof objectEventKinds)[number] | BoxEventKind;

export type CameraEvent = { id: number; at: number; kind: CameraEventKind; detail: string | null };

export type CameraOverview = {
  presence: Presence;
  health: KeptHealth | null;
  /** The connected box's protocol: 1 sends no health reports. */
  protocol: number | null;
  events: CameraEvent[];
};

export const HOT_CELSIUS = 80;
export const WARM_CELSIUS = 75;
export const SKEW_WARNING_SECONDS = 60;
/** A still older than this, while the camera should be taking them, is worth a warning. */
export const STILL_LATE_MINUTES = 20;
/** The README's advice: a keyframe every 2 s (I-frame interval 50 at 25 fps). */
export const ADVISED_KEYFRAME_SECONDS = 2;

export type CameraPageData = {
  now: number;
  overview: CameraOverview;
  still: StillPicture | null;
  /** The lake day whose film "last night's time-lapse" is. */
  timelapseDay: string;
  timelapse: { id: string; durationSeconds: number | null } | null;
  ownerLocale: Locale;
  switches: AlertSwitches;
  offlineAlertMinutes: number;
};
