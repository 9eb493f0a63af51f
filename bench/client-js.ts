// The JavaScript a first visit downloads per route, and its budget gate (bench/README.md).
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startPreview } from "#scripts/preview-server.ts";

const routes = [
  "/",
  "/en",
  "/about",
  "/gallery",
  "/archive",
  "/contact",
  "/admin",
  "/privacy",
  "/en/no-such-page",
  "/embed",
  "/en/embed",
];
const budgetsKb: Record<string, number> = { "/": 130, "/en": 130, "/embed": 20, "/en/embed": 20 };
// Made for other sites' frames: they hydrate only on the press, measured after hover and focus.
const framePages = new Set(["/embed", "/en/embed"]);
const showFiles = process.argv.includes("--files");

const server = await startPreview();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});

/** The scripts a first visit to `route` downloads, each with its gzip size. */
async function firstVisitScripts(route: string) {
  const context = await browser.newContext(); // cold cache for every route
  const page = await context.newPage();
  // Only the hydrated document's scripts: a reload starts the count again, not a second copy.
  let scripts = new Map<string, Promise<number>>();
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      scripts = new Map();
    }
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      const file = new URL(response.url()).pathname;
      scripts.set(
        file,
        response.body().then((body) => gzipSync(body, { level: 9 }).length),
      );
    }
  });
  if (framePages.has(route)) {
    await page.goto(`${server.url}${route}`, { waitUntil: "networkidle" });
    const start = page.locator("[data-starts-scripts]");
    await start.hover();
    await start.focus();
    await page.waitForLoadState("networkidle");
    // Before the press its inline scripts are all the page runs: they count too.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((script) => ["", "text/javascript"].includes(script.getAttribute("type") ?? ""))
        .map((script) => script.textContent ?? ""),
    );
    scripts.set("(inline)", Promise.resolve(gzipSync(inline.join("\n"), { level: 9 }).length));
  } else {
    await page.goto(`${server.url}${route}`);
    // The scripts start after the first frame: network idle alone can come before them.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // Every script a visitor's browser fetches within 10 s without input (issue 35).
    await page.waitForFunction(() => performance.now() >= 10_000, null, { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
  }
  const files = await Promise.all(
    [...scripts].map(async ([file, gzip]) => ({ file, gzip: await gzip })),
  );
  await context.close();
  return files;
}

try {
  // All routes at once: each waits 10 s on its own clock, and counts bytes, not time.
  const visits = await Promise.all(
    routes.map(async (route) => ({ route, files: await firstVisitScripts(route) })),
  );
  const rows = visits.map(({ route, files }) => {
    if (showFiles) {
      console.log(route);
      for (const f of files.toSorted((a, b) => b.gzip - a.gzip)) {
        console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} kB  ${f.file}`);
      }
    }
    const gzip = files.reduce((sum, { gzip }) => sum + gzip, 0);
    return { route, files: files.length, "gzip kB": Number((gzip / 1024).toFixed(1)) };
  });
  console.table(rows);
  for (const { route, "gzip kB": kb } of rows) {
    const budget = budgetsKb[route];
    if (budget === undefined) continue;
    console.log(`${route}: ${kb} kB gzip (budget ${budget} kB)`);
    if (kb > budget) {
      console.error(`${route} is over its JavaScript budget: ${kb} kB gzip > ${budget} kB`);
      process.exitCode = 1;
    }
  }
} finally {
  await browser.close();
  server.stop();
}
