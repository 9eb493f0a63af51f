import type { Plugin } from "vite";
import { securityHeaders } from "../app/.server/security-headers.ts";

/** Fingerprinted build output never changes under its name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Workers Static Assets serve files from the client build without running the Worker, so the
 * Worker's headers never reach them; a `_headers` file in that folder is their only way to
 * get any. It is written from the Worker's own definition, so the two cannot drift apart.
 */
export function staticHeaders(): Plugin {
  return {
    name: "static-headers",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const lines = [
        "# Written by the build from app/.server/security-headers.ts (scripts/static-headers.ts).",
        "/*",
        ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
        "/assets/*",
        `  Cache-Control: ${IMMUTABLE}`,
      ];
      this.emitFile({ type: "asset", fileName: "_headers", source: `${lines.join("\n")}\n` });
    },
  };
}
