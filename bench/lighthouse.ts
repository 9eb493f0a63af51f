// Lighthouse on every public page behind the brotli proxy; usage and gate in bench/README.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { defaultLocale, type Locale, locales, localizePath } from "#app/i18n/locales.ts";
import { publicPagePaths } from "#app/shell/pages.ts";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { brotliProxy } from "./brotli-proxy.ts";
import { loadAverage } from "./host-load.ts";

const { values } = parseArgs({
  options: {
    locales: { type: "string", default: locales.join(",") },
    pages: { type: "string" },
    runs: { type: "string", default: "3" },
    gate: { type: "boolean", default: false },
    save: { type: "string" },
  },
});

/**
 * The gate in `npm test`: the pages most visitors land on, in the default language (English's
 * medians matched within the runs' own spread, and cost 90 s more: bench/results/test-time.md).
 */
const GATE = { pages: ["/", "/gallery", "/contact"], locales: ["de"], minimum: 90 } as const;
const ITEM = "/gallery/:id";
const NOT_FOUND = "/no-such-page";

const chosenLocales = (values.gate ? GATE.locales : values.locales.split(",")) as Locale[];
const chosenPages = values.gate
  ? [...GATE.pages]
  : (values.pages?.split(",") ?? [...publicPagePaths, ITEM, NOT_FOUND]);
const runs = Number(values.runs);
async function anItemPath(url: string): Promise<string> {
  const page = (await (await fetch(`${url}/api/media?limit=1`)).json()) as {
    items: { id: string }[];
  };
  return `/gallery/${page.items[0]?.id ?? "none"}`;
}

type Run = {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  benchmarkIndex: number;
  cpuSlowdown: number;
  report: unknown;
};

// A busy host makes Lighthouse's 4× a slower phone: the slowdown follows the host's index.
const FAST_HOST_INDEX = 1750;
let cpuSlowdown = 4;

async function measure(url: string, locale: Locale, port: number, attempt = 1): Promise<Run> {
  // Chromium logs a 404 page's own status as an error: only that one is forgiven.
  const notFound = url.endsWith(NOT_FOUND);
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      onlyCategories: values.gate
        ? ["performance"]
        : ["performance", "accessibility", "best-practices", "seo"],
      ignoreStatusCode: true,
    },
    {
      extends: "lighthouse:default",
      settings: {
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
        // The page's language, as its visitors' browsers ask: a German browser is not redirected.
        extraHeaders: { "Accept-Language": locale },
      },
      audits: notFound
        ? [
            {
              path: "errors-in-console",
              options: { ignoredPatterns: ["ERR_BLOCKED_BY_CLIENT.Inspector", "status of 404"] },
            },
          ]
        : [],
    },
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  const benchmarkIndex = lhr.environment.benchmarkIndex;
  const used = cpuSlowdown;
  cpuSlowdown = Math.min(4, Math.max(1, (4 * benchmarkIndex) / FAST_HOST_INDEX));
  // A run that could not load the page (a timeout on a starved host) measured nothing.
  if (lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.error(`${url}: ${lhr.runtimeError.code}, measuring again`);
    return measure(url, locale, port, attempt + 1);
  }
  if (notFound) {
    const requests = lhr.audits["network-requests"]?.details as
      | { items: { url: string; statusCode: number }[] }
      | undefined;
    const missing = (requests?.items ?? []).filter((r) => r.statusCode === 404 && r.url !== url);
    if (missing.length > 0) throw new Error(`${url}: ${missing.map((r) => r.url)} answered 404`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    benchmarkIndex,
    cpuSlowdown: used,
    report: lhr,
  };
}

const runSummary = (run: Run) =>
  `${run.performance} (LCP ${(run.lcp / 1000).toFixed(1)} s, TBT ${Math.round(run.tbt)} ms)`;

/** The median run by performance score, as Lighthouse's guidance on variability suggests. */
function medianRun(results: Run[]): Run {
  const sorted = results.toSorted((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

const preview = await startPreview();
const proxy = await brotliProxy(preview.url, await freePort());
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const stop = () => {
  chrome.kill();
  proxy.close();
  preview.stop();
};
// Interrupted, it still stops the Worker and Chromium it started.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}
const started = Date.now();
const loadBefore = loadAverage();
const rows = [];
const failures: string[] = [];
try {
  const item = await anItemPath(preview.url);
  // Warms the Worker and Chromium, and measures the host for the first counted run.
  await measure(`${proxy.url}/`, defaultLocale, chrome.port);
  for (const locale of chosenLocales) {
    for (const path of chosenPages) {
      const page = localizePath(path === ITEM ? item : path, locale);
      const measureRuns = async () => {
        const results: Run[] = [];
        for (let run = 0; run < runs; run++) {
          results.push(await measure(`${proxy.url}${page}`, locale, chrome.port));
        }
        return results;
      };
      let results = await measureRuns();
      // A burst of load can sink one median; a page that is slow sinks the next one too.
      if (values.gate && medianRun(results).performance < GATE.minimum) {
        console.error(`${page}: median ${medianRun(results).performance}, measuring again`);
        results = await measureRuns();
      }
      const median = medianRun(results);
      if (values.save) {
        mkdirSync(values.save, { recursive: true });
        const name = page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "root";
        writeFileSync(join(values.save, `${name}.json`), JSON.stringify(median.report));
      }
      console.error(`${page}: ${results.map(runSummary).join(", ")} (load ${loadAverage()})`);
      rows.push({
        page,
        perf: median.performance,
        runs: results.map((r) => r.performance).join(" "),
        "FCP s": (median.fcp / 1000).toFixed(1),
        "LCP s": (median.lcp / 1000).toFixed(1),
        "TBT ms": Math.round(median.tbt),
        CLS: median.cls.toFixed(3),
        "a11y/bp/seo": values.gate
          ? "-"
          : `${median.accessibility}/${median.bestPractices}/${median.seo}`,
        "host index": Math.round(median.benchmarkIndex),
        "CPU ×": median.cpuSlowdown.toFixed(1),
      });
      if (values.gate && median.performance < GATE.minimum) {
        failures.push(`${page}: performance ${median.performance} (median of ${runs}, twice)`);
      }
    }
  }
} finally {
  stop();
}
console.table(rows);
console.log(
  `${rows.length} pages × ${runs} runs in ${Math.round((Date.now() - started) / 1000)} s; ` +
    `load average before ${loadBefore}, after ${loadAverage()}`,
);
if (failures.length > 0) {
  console.error(`Lighthouse performance below ${GATE.minimum}:\n  ${failures.join("\n  ")}`);
  process.exitCode = 1;
}
