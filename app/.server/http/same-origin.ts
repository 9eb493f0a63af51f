const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browsers name a request's origin in Sec-Fetch-Site (older ones in Origin); a client sending
 * neither is no browser and carries no visitor's cookies, so the camera box and scripts pass.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  return origin === null || origin === new URL(request.url).origin;
}
