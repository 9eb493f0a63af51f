import type { Plugin } from "vite";
import { securityHeaders } from "../app/.server/security-headers.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Workers Static Assets bypass the Worker, so a `_headers` file is their only way to get headers;
 * it is written from the Worker's own definition, so the two cannot drift apart.
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
