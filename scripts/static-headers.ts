import type { Plugin } from "vite";
import { securityHeaders } from "#app/.server/http/security-headers.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Static Assets bypass the Worker: `_headers` is their only way to get the Worker's headers. */
export function staticHeaders(): Plugin {
  return {
    name: "static-headers",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      const lines = [
        "# Written by the build from app/.server/http/security-headers.ts (scripts/static-headers.ts).",
        "/*",
        ...Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`),
        "/assets/*",
        `  Cache-Control: ${IMMUTABLE}`,
      ];
      this.emitFile({ type: "asset", fileName: "_headers", source: `${lines.join("\n")}\n` });
    },
  };
}
