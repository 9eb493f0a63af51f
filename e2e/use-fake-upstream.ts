// Points the built Worker's upstream URLs at the e2e fake before `vite preview` starts.
// The preview reads its vars from build/server/wrangler.json and lets build/server/.dev.vars
// override them; environment variables are ignored while that file exists, and the
// project's own .dev.vars reaches the build with its secrets only. See ADR 006.
// Usage: node e2e/use-fake-upstream.ts <port>
import { readFileSync, writeFileSync } from "node:fs";

const base = `http://127.0.0.1:${Number(process.argv[2])}/e2e/ok`;
const urls: Record<string, string> = {
  OPEN_METEO_URL: `${base}/open-meteo`,
  OPENWEATHERMAP_URL: `${base}/openweathermap`,
  LAGHI_NET_URL: `${base}/laghi-net`,
  APPA_TRENTO_URL: `${base}/appa-trento`,
};
const file = "build/server/.dev.vars";
// Idempotent: earlier runs' lines are replaced, the secrets kept.
const kept = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() && !((line.split("=")[0]?.trim() ?? "") in urls));
const added = Object.entries(urls).map(([name, url]) => `${name}='${url}'`);
writeFileSync(file, `${[...kept, ...added].join("\n")}\n`);
