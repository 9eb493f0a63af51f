const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change something: safe methods always; others only from our own
 * pages. Browsers say where a request comes from in Sec-Fetch-Site (and older ones in
 * Origin); a client that sends neither is not a browser and carries no visitor's cookies,
 * so the camera box and scripts pass. Everything else is a cross-site request forgery.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  return origin === null || origin === new URL(request.url).origin;
}
