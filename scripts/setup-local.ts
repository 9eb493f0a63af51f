// Prepares a local workerd state: the D1 schema, its seed rows and the demo; safe to run again.
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { ensureDevVars } from "./dev-vars.ts";
import { seedDemo } from "./seed-demo.ts";

export const DEVELOPER_STATE = ".wrangler/state";

export async function setupLocal(persistTo = DEVELOPER_STATE): Promise<void> {
  ensureDevVars();
  execFileSync(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CI: "true" } },
  );
  await seedDemo(persistTo);
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { "persist-to": { type: "string" } } });
  await setupLocal(values["persist-to"]);
}
