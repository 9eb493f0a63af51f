const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A client sending neither Sec-Fetch-Site nor Origin is no browser and has no visitor's cookies (the box passes). */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("Origin");
  return origin === null || origin === new URL(request.url).origin;
}
