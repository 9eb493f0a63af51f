import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What `npm run build` reads: the rooms it bundles, the static files, catalogs and configs. */
const buildSources = [
  "app",
  "workers",
  "protocol",
  "time",
  "public",
  "locales",
  "package.json",
  "wrangler.jsonc",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/component-plugins.ts",
  "scripts/icon-masks.ts",
  "scripts/react-icon-compiler.ts",
  "scripts/route-manifest.ts",
  "scripts/static-headers.ts",
  "scripts/workerd-logs.ts",
];

// Unit tests are not built; a catalog's compiled .js is lingui's output, not the build's input.
const notBuilt = /\.test\.tsx?$|^locales\/.*\.js$/;

function changedSince(root: string, since: number, paths = buildSources): string | undefined {
  for (const path of paths) {
    const stat = statSync(join(root, path), { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      const entries = readdirSync(join(root, path)).map((name) => `${path}/${name}`);
      const changed = changedSince(root, since, entries);
      if (changed) return changed;
    } else if (stat.mtimeMs > since && !notBuilt.test(path)) {
      return path;
    }
  }
  return undefined;
}

/** Throws unless build/ holds a Worker built after the last change to its sources. */
export function requireFreshBuild(root = ".") {
  const built = statSync(join(root, "build/server/index.js"), { throwIfNoEntry: false });
  if (!built) throw new Error("There is no built Worker: run npm run build first.");
  const changed = changedSince(root, built.mtimeMs);
  if (changed) {
    throw new Error(`The built Worker is older than ${changed}: run npm run build first.`);
  }
}
