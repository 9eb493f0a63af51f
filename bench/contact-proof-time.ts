// The contact form's proof of work on a busy day, at a phone's CPU (ADR 012; bench/README.md).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { startPreview } from "#scripts/preview-server.ts";
import { loadAverage } from "./host-load.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "9" } } });

const chunk = readdirSync("build/client/assets").find((file) =>
  /^contact-proof-.*\.js$/.test(file),
);
if (!chunk)
  throw new Error("no contact-proof chunk in build/client/assets: run npm run build first");

type Puzzle = { salt: string; target: string; range: number };
declare global {
  interface Window {
    benchSolve?: (puzzle: Puzzle) => Promise<number>;
  }
}

const median = (samples: number[]) =>
  Math.round(samples.toSorted((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN);

const preview = await startPreview();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
const loadBefore = loadAverage();
try {
  // A busy day: the page then hands its script a puzzle.
  const today = new Date().toISOString().slice(0, 10);
  execFileSync("wrangler", [
    ...["d1", "execute", "DB", "--local", "--persist-to", ".wrangler/bench", "--command"],
    `insert into contact_daily_counts (day, messages) values ('${today}', 20) on conflict (day) do update set messages = 20`,
  ]);
  const rows = [];
  const longest: number[] = [];
  const own: number[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${preview.url}/en/contact`);
    const data = await (await page.request.get(`${preview.url}/en/contact.data`)).text();
    const field = (name: string) => new RegExp(`"${name}",("?)([\\w-]+)\\1`).exec(data)?.[2];
    const salt = field("salt");
    const range = Number(field("range"));
    const target = field("target");
    if (!salt || !target || !range) throw new Error("the busy day's page asks for no proof");
    const last = createHash("sha256")
      .update(`${salt}:${range - 1}`)
      .digest("hex");
    await page.evaluate(async (url) => {
      window.benchSolve = (await import(url)).solveProof;
    }, `/assets/${chunk}`);
    const solve = (puzzle: Puzzle) =>
      page.evaluate(async (p) => {
        const start = performance.now();
        await window.benchSolve?.(p);
        return performance.now() - start;
      }, puzzle);
    longest.push(await solve({ salt, target: last, range }));
    own.push(await solve({ salt, target, range }));
    await context.close();
  }
  console.error(`longest: ${longest.map(Math.round).join(" ")} ms`);
  console.error(`page's own puzzle: ${own.map(Math.round).join(" ")} ms`);
  rows.push(
    {
      puzzle: "the last number of the range",
      "median ms": median(longest),
      "max ms": Math.round(Math.max(...longest)),
    },
    { puzzle: "the page's own", "median ms": median(own), "max ms": Math.round(Math.max(...own)) },
  );
  console.table(rows);
  console.log(
    `${values.runs} runs, CPU 4× slower; load average before ${loadBefore}, after ${loadAverage()}`,
  );
} finally {
  await browser.close();
  preview.stop();
}
