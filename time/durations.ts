// Durations in milliseconds, shared by the site and the camera box. No imports: Node 24,
// workerd and the browser run this file as it is.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
