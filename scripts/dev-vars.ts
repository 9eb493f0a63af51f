// Local secrets (.dev.vars) from .dev.vars.example when missing; safe to run again.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";

export const DEV_VARS = ".dev.vars";

export function ensureDevVars(): void {
  if (!existsSync(DEV_VARS)) {
    copyFileSync(".dev.vars.example", DEV_VARS);
    console.log(`setup: created ${DEV_VARS} from .dev.vars.example (local-only secrets)`);
    return;
  }
  // A checkout from before a new secret was added: append what is missing, keep the rest.
  const present = new Set(readFileSync(DEV_VARS, "utf8").match(/^\w+(?==)/gm));
  const missing = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((line) => /^\w+=/.test(line) && !present.has(line.split("=")[0] ?? ""));
  if (missing.length > 0) {
    appendFileSync(DEV_VARS, `\n${missing.join("\n")}\n`);
    console.log(`setup: added ${missing.length} new local value(s) to ${DEV_VARS}`);
  }
}

if (import.meta.main) ensureDevVars();
