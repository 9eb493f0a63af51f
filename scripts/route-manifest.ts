import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { routeManifestPath } from "#workers/route-manifest.ts";

const BROWSER_MANIFEST = /^manifest-[0-9a-f]+\.js$/;
const ASSIGNMENT = /^window\.__reactRouterManifest=(.*);$/s;
const browserManifest = z.object({
  version: z.string().regex(/^[0-9a-f]+$/),
  routes: z.record(z.string(), z.looseObject({ id: z.string() })),
});

/**
 * Writes every route of the build's browser manifest to the static file route discovery reads:
 * React Router applies each route it receives, whatever paths it asked for (ADR 018).
 */
export function writeRouteManifest(clientDirectory: string) {
  const assets = join(clientDirectory, "assets");
  const [file, ...others] = readdirSync(assets).filter((name) => BROWSER_MANIFEST.test(name));
  if (!file || others.length > 0) {
    throw new Error(`Expected one React Router manifest in ${assets}: ${[file, ...others]}`);
  }
  const script = ASSIGNMENT.exec(readFileSync(join(assets, file), "utf8"))?.[1];
  if (!script) throw new Error(`${file} does not assign window.__reactRouterManifest`);
  const { version, routes } = browserManifest.parse(JSON.parse(script));
  writeFileSync(join(clientDirectory, routeManifestPath(version)), JSON.stringify(routes));
}
