export type DeviceClass = "phone" | "tablet" | "desktop";

/**
 * The user agent is never stored. iPads since iPadOS 13 announce themselves as Macs and
 * count as desktops: no header tells them apart.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return "tablet";
  // Android phones say "Mobile"; Android tablets do not.
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? "phone" : "tablet";
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent)) return "phone";
  return "desktop";
}
