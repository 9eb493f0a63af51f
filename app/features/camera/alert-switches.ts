import { z } from "zod";

export const alertSwitches = ["offline", "timelapse", "power", "card"] as const;
export type AlertSwitch = (typeof alertSwitches)[number];
export type AlertSwitches = Record<AlertSwitch, boolean>;

export const alertKinds = [
  "offline",
  "reminder",
  "online",
  "timelapse",
  "power",
  "heat",
  "card",
] as const;
export type AlertKind = (typeof alertKinds)[number];

export const switchOf: Record<AlertKind, AlertSwitch> = {
  offline: "offline",
  reminder: "offline",
  online: "offline",
  timelapse: "timelapse",
  power: "power",
  heat: "power",
  card: "card",
};

export const allAlertsOn: AlertSwitches = {
  offline: true,
  timelapse: true,
  power: true,
  card: true,
};

// A switch the stored JSON lacks (a kind added later) is on.
const on = z.boolean().catch(true);
const storedSwitches = z.object({ offline: on, timelapse: on, power: on, card: on });

export function parseAlertSwitches(json: string | null): AlertSwitches {
  if (json === null) return allAlertsOn;
  try {
    return storedSwitches.parse(JSON.parse(json));
  } catch {
    return allAlertsOn;
  }
}
