export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** `framed`: the embed, made for other sites' frames (all other pages refuse them); `mediaOrigin`: "" when the Worker serves media. */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  framed = false,
  mediaOrigin = "",
): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : "";
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced entry load the route chunks it imports.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self'${media} data: blob:`,
    `media-src 'self'${media} blob:`,
    "font-src 'self'",
    `connect-src 'self'${media}${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framed ? "*" : "'none'"}`,
  ];
  if (!dev) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export const securityHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)",
};
