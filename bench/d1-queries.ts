// D1 statements per page render, from the Server-Timing header (bench/README.md).
import { startPreview } from "#scripts/preview-server.ts";

const routes = [
  "/",
  "/en/gallery",
  "/en/gallery?q=sunset",
  "/en/gallery/demo-noon",
  "/en/about",
  "/en/archive",
];

function statements(response: Response): number {
  const timing = response.headers.get("Server-Timing") ?? "";
  const match = /d1;desc="(\d+) statements"/.exec(timing);
  if (!match) throw new Error(`no d1 Server-Timing on ${response.url}: "${timing}"`);
  return Number(match[1]);
}

const server = await startPreview(4181);
try {
  const rows = [];
  for (const route of routes) {
    const first = statements(await fetch(`${server.url}${route}`));
    const steady = statements(await fetch(`${server.url}${route}`));
    rows.push({ route, "first request": first, "steady state": steady });
  }
  console.table(rows);
} finally {
  server.stop();
}
