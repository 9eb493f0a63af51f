// Serves the build as `wrangler deploy` ships it: the one way to run it locally (flags, no edits).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEV_VARS } from "./dev-vars.ts";
import { DEVELOPER_STATE, setupLocal } from "./setup-local.ts";

const BUILT_CONFIG = "build/server/wrangler.json";

// Positionals go to `wrangler dev` as they are (a bench's `--inspector-port`).
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    /** A bench's config deriving from the build's (bench/render-cpu.ts). */
    config: { type: "string", default: BUILT_CONFIG },
    port: { type: "string", default: "4173" },
    "persist-to": { type: "string", default: DEVELOPER_STATE },
    fresh: { type: "boolean", default: false },
    var: { type: "string", multiple: true, default: [] },
  },
});
const persistTo = values["persist-to"];

if (!existsSync(BUILT_CONFIG)) {
  console.log("preview: no build yet, building first");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
if (values.fresh) rmSync(persistTo, { recursive: true, force: true });
await setupLocal(persistTo);

const wrangler = spawn(
  "wrangler",
  [
    "dev",
    ["--config", values.config],
    // Local bindings only: Workers AI would need an account (ADR 015 says what stands in).
    "--local",
    // Resolved against the config's folder otherwise, and it skips the build's copy of .dev.vars.
    ["--env-file", resolve(DEV_VARS)],
    ["--persist-to", persistTo],
    ["--port", values.port],
    values.var.flatMap((pair) => ["--var", pair]),
    positionals,
  ].flat(),
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => wrangler.kill(signal));
}
wrangler.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
