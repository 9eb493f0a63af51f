// Lighthouse (mobile, simulated slow 4G) on every public page of the built Worker, behind a
// proxy that compresses with brotli as Cloudflare's edge does (without it the scores mean
// nothing), in Debian's Chromium.
// Usage: npm run build && npm run bench:lighthouse [-- --locales de,en --runs 3]
import { createServer, request } from "node:http";
import { parseArgs } from "node:util";
import { constants, createBrotliCompress } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { localizePath } from "../app/i18n/locales.ts";
import { publicPagePaths } from "../app/lib/pages.ts";
import { startPreview } from "./preview-server.ts";

const { values } = parseArgs({
  options: {
    locales: { type: "string", default: "en" },
    runs: { type: "string", default: "1" },
  },
});
const locales = values.locales.split(",") as Parameters<typeof localizePath>[1][];
const runs = Number(values.runs);

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

function brotliProxy(target: string, port: number) {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const brotli =
          COMPRESSIBLE.test(type) && /\bbr\b/.test(String(incoming.headers["accept-encoding"]));
        const headers = { ...answer.headers };
        if (brotli) {
          delete headers["content-length"];
          headers["content-encoding"] = "br";
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const body = brotli
          ? answer.pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
          : answer;
        body.pipe(outgoing);
      },
    );
    incoming.pipe(forward);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ url: `http://localhost:${port}`, close: () => server.close() }),
    ),
  );
}

async function anItemPath(url: string): Promise<string> {
  const page = (await (await fetch(`${url}/api/media?limit=1`)).json()) as {
    items: { id: string }[];
  };
  return `/gallery/${page.items[0]?.id ?? "none"}`;
}

const preview = await startPreview(4390);
const proxy = await brotliProxy(preview.url, 4391);
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const paths = [...publicPagePaths, await anItemPath(preview.url), "/no-such-page"];
  const rows = [];
  for (const locale of locales) {
    for (const path of paths) {
      const url = `${proxy.url}${localizePath(path, locale)}`;
      const scores: Record<string, number>[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          formFactor: "mobile",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          // The 404 page is measured with its 404 status (its SEO score does not apply).
          ignoreStatusCode: true,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        scores.push({
          performance: score("performance"),
          fcp: ms("first-contentful-paint"),
          lcp: ms("largest-contentful-paint"),
          tbt: ms("total-blocking-time"),
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          a11y: score("accessibility"),
          bp: score("best-practices"),
          seo: score("seo"),
        });
      }
      // The median run by performance score, as Lighthouse's own guidance suggests.
      const median = scores.toSorted((a, b) => (a.performance ?? 0) - (b.performance ?? 0))[
        Math.floor(scores.length / 2)
      ];
      if (!median) continue;
      rows.push({
        page: localizePath(path, locale),
        perf: median.performance,
        "FCP s": ((median.fcp ?? 0) / 1000).toFixed(1),
        "LCP s": ((median.lcp ?? 0) / 1000).toFixed(1),
        "TBT ms": Math.round(median.tbt ?? 0),
        CLS: (median.cls ?? 0).toFixed(3),
        "a11y/bp/seo": `${median.a11y}/${median.bp}/${median.seo}`,
      });
    }
  }
  console.table(rows);
} finally {
  chrome.kill();
  proxy.close();
  preview.stop();
}
