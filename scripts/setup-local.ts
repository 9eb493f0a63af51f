// Prepares the local workerd state before dev, preview and tests: secrets for development
// and the D1 schema with its seed rows. Safe to run any number of times.
import { execFileSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("setup: created .dev.vars from .dev.vars.example (local-only secrets)");
} else {
  // A checkout from before a new secret was added: append what is missing, keep the rest.
  const present = new Set(readFileSync(".dev.vars", "utf8").match(/^\w+(?==)/gm));
  const missing = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((line) => /^\w+=/.test(line) && !present.has(line.split("=")[0] ?? ""));
  if (missing.length > 0) {
    appendFileSync(".dev.vars", `\n${missing.join("\n")}\n`);
    console.log(`setup: added ${missing.length} new local value(s) to .dev.vars`);
  }
}

execFileSync("wrangler", ["d1", "migrations", "apply", "DB", "--local"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, CI: "true" },
});

await import("./seed-demo.ts");
