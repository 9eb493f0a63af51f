import { readFileSync } from "node:fs";

// The preview's device key, as the box CLI reads it (`--env-file=.dev.vars`).
const devVars = readFileSync(".dev.vars", "utf8");
export const deviceSecret = /CAMERA_DEVICE_SECRET="?([^"\n]+)"?/.exec(devVars)?.[1] ?? "";
export const deviceId = /CAMERA_DEVICE_ID="([^"]+)"/.exec(devVars)?.[1] ?? "harbour-cam-1";
