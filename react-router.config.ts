import { join } from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeRouteManifest } from "#scripts/route-manifest.ts";

const config: Config = {
  ssr: true,
  // Route discovery reads a static file the Worker's pages point to, not `/__manifest` (ADR 018).
  buildEnd: ({ reactRouterConfig }) =>
    writeRouteManifest(join(reactRouterConfig.buildDirectory, "client")),
};

export default config;
