// Prepares the local workerd state before dev, preview and tests: secrets for development
// and the D1 schema with its seed rows. Safe to run any number of times.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("setup: created .dev.vars from .dev.vars.example (local-only secrets)");
}

execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, CI: "true" },
});

await import("./seed-demo.ts");
