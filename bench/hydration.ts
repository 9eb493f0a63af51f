// A phone's largest paint and hydration, in Chromium's own timings (ADR 018; bench/README.md).
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { brotliProxy } from "./brotli-proxy.ts";
import { loadAverage } from "./host-load.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "/en,/en/gallery,/en/about" },
    runs: { type: "string", default: "9" },
  },
});

const NETWORKS = {
  loopback: undefined,
  "fast 4G": { latency: 40, downloadThroughput: 9e6 / 8, uploadThroughput: 3e6 / 8 },
  // Lighthouse's "Slow 4G".
  "slow 4G": { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 },
};

declare global {
  interface Window {
    benchLargestPaint?: number;
    benchHydrated?: number;
  }
}

const median = (samples: number[]) =>
  Math.round(samples.toSorted((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN);

const preview = await startPreview();
const proxy = await brotliProxy(preview.url, await freePort());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
const loadBefore = loadAverage();
const rows = [];
try {
  for (const [network, conditions] of Object.entries(NETWORKS)) {
    for (const path of values.pages.split(",")) {
      const paints: number[] = [];
      const hydrations: number[] = [];
      for (let run = 0; run < Number(values.runs); run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        if (conditions) {
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", { offline: false, ...conditions });
        }
        await page.addInitScript(() => {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.benchLargestPaint = entry.startTime;
          }).observe({ type: "largest-contentful-paint", buffered: true });
          // The root marks the page hydrated once its first render's effects are in place.
          new MutationObserver((_, observer) => {
            if (!("hydrated" in document.documentElement.dataset)) return;
            window.benchHydrated = performance.now();
            observer.disconnect();
          }).observe(document, {
            attributes: true,
            subtree: true,
            attributeFilter: ["data-hydrated"],
          });
        });
        await page.goto(`${proxy.url}${path}`);
        await page.waitForFunction(() => window.benchHydrated !== undefined, null, {
          timeout: 60_000,
        });
        // The largest paint so far once hydrated: a page's pictures are in by then.
        const { paint, hydrated } = await page.evaluate(() => ({
          paint: window.benchLargestPaint ?? Number.NaN,
          hydrated: window.benchHydrated ?? Number.NaN,
        }));
        paints.push(paint);
        hydrations.push(hydrated);
        await context.close();
      }
      console.error(`${network} ${path}: hydrated ${hydrations.map(Math.round).join(" ")} ms`);
      rows.push({
        network,
        page: path,
        "largest paint ms": median(paints),
        "hydrated ms": median(hydrations),
      });
    }
  }
} finally {
  await browser.close();
  proxy.close();
  preview.stop();
}
console.table(rows);
console.log(
  `medians of ${values.runs} loads; load average before ${loadBefore}, after ${loadAverage()}`,
);
