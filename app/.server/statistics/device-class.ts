export type DeviceClass = "phone" | "tablet" | "desktop";

/** The user agent is never stored. iPadOS 13+ iPads say "Mac": no header tells them apart. */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return "tablet";
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? "phone" : "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}
