// What one visit costs on Cloudflare (issue 35, ADR 025): a scripted visitor in Chromium through
// the built Worker with the real box (testsrc): home → one live minute → gallery, an item opened
// and liked → archive. Per step: the Worker invocations (responses carrying the middleware's
// usage Server-Timing; static assets never do; /media is the media host's in production), D1
// rows, Durable Object requests and R2 operations as the Worker's usage meter counts them, and
// Worker CPU per request. Then the Free plan's capacity (first limit named) and the Paid plan's
// cost per 100,000 such visitors, and a Free-plan day of 10,000 of them with the box, the cron,
// crawlers and directories (bench/free-day.ts).
// Usage: npm run build && npm run bench:visit-cost
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { chromium, type Page } from "playwright-core";
import { startBox, waitUntilOnline } from "#e2e/box.ts";
import { freePort, startPreview } from "#scripts/preview-server.ts";
import { brotliProxy } from "./brotli-proxy.ts";
import {
  freeCpuMsPerInvocation,
  freePerDay,
  paidPerUnit,
  type Resource,
} from "./cloudflare-prices.ts";
import { type DayInputs, printFreeDay, stillFromCode, type Usage } from "./free-day.ts";
import { workerdCpuNs, workerdPids } from "./workerd-cpu.ts";

type Invocation = { step: string; method: string; url: string; usage: Usage };

const zero = (): Usage => ({
  "Worker requests": 0,
  "D1 rows read": 0,
  "D1 rows written": 0,
  "DO requests": 0,
  "R2 class A": 0,
  "R2 class B": 0,
});

/** The Worker's usage meter from a response's Server-Timing (app/.server/usage-meter.ts). */
function usageOf(timing: string | undefined): Usage | null {
  const m = /usage;desc="rows (\d+)\/(\d+) do (\d+) r2 (\d+)\/(\d+)"/.exec(timing ?? "");
  if (!m) return null;
  const [read, written, objects, a, b] = m.slice(1).map(Number) as number[];
  return {
    "Worker requests": 1,
    "D1 rows read": read ?? 0,
    "D1 rows written": written ?? 0,
    "DO requests": objects ?? 0,
    "R2 class A": a ?? 0,
    "R2 class B": b ?? 0,
  };
}

/** A path without its query, tokens and file names: what kind of request it was. */
const shortPath = (url: string) =>
  url
    .replace(/\?.*/, "")
    .replace(/\/api\/stream\/s\/[^/]+/, "/api/stream/s/…")
    .replace(/\/(segments\/\d+|files\/media|stills)\/[^/]+$/, "/$1/…");

const added = (usages: Usage[]) => {
  const total = zero();
  for (const usage of usages) {
    for (const key of Object.keys(total) as Resource[]) total[key] += usage[key];
  }
  return total;
};
const mean = (usages: Usage[]) => {
  const total = added(usages);
  for (const key of Object.keys(total) as Resource[]) total[key] /= Math.max(usages.length, 1);
  return total;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

// A fresh state, seeded apart: on a busy host the seed's R2 puts can lose the local proxy's
// socket, and the seed resumes where it stopped.
rmSync(".wrangler/bench", { recursive: true, force: true });
for (let attempt = 1; ; attempt++) {
  try {
    execFileSync("node", ["scripts/setup-local.ts", "--persist-to", ".wrangler/bench"], {
      stdio: "ignore",
    });
    break;
  } catch (error) {
    if (attempt === 3) throw error;
  }
}
const cronJobs: { name: string; usage: Usage }[] = [];
const server = await startPreview(4650, {
  fresh: false,
  // The visitor's live start reports no speed: the day's model adds the sampled share (free-day.ts).
  vars: ["SPEED_SAMPLE_PERCENT:0"],
  // The cron's log line: each job's name and meter (workers/cron/index.ts).
  onLine: (line) => {
    if (!line.includes("cron: ")) return;
    for (const [job, name = ""] of line.matchAll(/([\w-]+) d1;desc="[^"]*", usage;desc="[^"]*"/g)) {
      const usage = usageOf(job);
      if (usage) cronJobs.push({ name, usage: { ...usage, "Worker requests": 0 } });
    }
  },
});
const boxAnswers: { path: string; usage: Usage | null }[] = [];
// In front of the Worker for the box, so the bench sees what its requests cost.
const boxProxy = await brotliProxy(server.url, await freePort(), ({ path, serverTiming }) =>
  boxAnswers.push({ path, usage: usageOf(serverTiming) }),
);
const box = startBox(boxProxy.url);
const pids = workerdPids(server.processGroup);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
});
const invocations: Invocation[] = [];
const mediaHost: { step: string; url: string; missed: boolean }[] = [];
let step = "";
let lastResponse = Date.now();

/** A step is over when the Worker has heard nothing from the visitor for 3 s. */
async function settled() {
  while (Date.now() - lastResponse < 3000) await new Promise((r) => setTimeout(r, 250));
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));

try {
  await waitUntilOnline(server.url);
  const context = await browser.newContext({
    extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.35" },
    // A person's browser: the statistics ignore HeadlessChrome as a crawler.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });
  context.on("response", async (response) => {
    const usage = usageOf((await response.headerValue("server-timing").catch(() => null)) ?? "");
    if (!usage) return;
    lastResponse = Date.now();
    const url = new URL(response.url());
    // Locally the Worker serves the public bucket; in production the media host does (ADR 008).
    if (url.pathname.startsWith("/media/")) {
      mediaHost.push({ step, url: url.pathname, missed: response.status() === 404 });
      return;
    }
    invocations.push({
      step,
      method: response.request().method(),
      url: url.pathname + url.search,
      usage,
    });
  });
  const page = await context.newPage();
  const steps: [string, () => Promise<void>][] = [
    [
      "home",
      async () => {
        await page.goto(`${server.url}/en`);
        await hydrated(page);
      },
    ],
    [
      "one live minute",
      async () => {
        const live = page.locator("#live");
        await live.getByRole("button", { name: "Watch live" }).click();
        await live.getByText("LIVE", { exact: true }).waitFor({ timeout: 30_000 });
        await live.getByText("Session ended").first().waitFor({ timeout: 90_000 });
      },
    ],
    [
      "gallery, item, like",
      async () => {
        await page.locator('a[href="/en/gallery"]').first().click();
        await page.getByRole("heading", { level: 1 }).filter({ hasText: "Gallery" }).waitFor();
        await page
          .getByRole("link", { name: /^View: / })
          .first()
          .click();
        const viewer = page.getByRole("dialog");
        await viewer.getByRole("button", { name: /^Like \d+$/ }).click();
        await viewer.getByRole("button", { name: /^Liked \d+$/ }).waitFor();
      },
    ],
    [
      "archive",
      async () => {
        await page.keyboard.press("Escape");
        await page.locator('a[href="/en/archive"]').first().click();
        await page.getByRole("heading", { level: 1, name: "Archive" }).waitFor();
      },
    ],
  ];
  const cpuMs = new Map<string, number>();
  for (const [name, run] of steps) {
    step = name;
    const before = workerdCpuNs(pids);
    await run();
    await settled();
    cpuMs.set(name, (workerdCpuNs(pids) - before) / 1e6);
  }
  await context.close();
  box.kill();

  // CPU of each distinct GET the visitor made, replayed alone: the box's uploads do not count.
  const replayMs = new Map<string, number>();
  for (const { method, url } of invocations) {
    if (method !== "GET" || replayMs.has(url) || url.startsWith("/api/stream/")) continue;
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      const before = workerdCpuNs(pids);
      await (
        await fetch(`${server.url}${url}`, { headers: { "Accept-Encoding": "identity" } })
      ).arrayBuffer();
      samples.push((workerdCpuNs(pids) - before) / 1e6);
    }
    replayMs.set(url, median(samples));
  }

  const total = zero();
  const rows = steps.map(([name]) => {
    const own = invocations.filter((i) => i.step === name);
    const sum = zero();
    // A miss on the media host (a live segment asked for before it landed) is not cached: a read.
    const misses = mediaHost.filter((m) => m.step === name && m.missed).length;
    sum["R2 class B"] += misses;
    total["R2 class B"] += misses;
    for (const { usage } of own) {
      for (const key of Object.keys(sum) as Resource[]) {
        sum[key] += usage[key];
        total[key] += usage[key];
      }
    }
    const replayed = own.flatMap(({ url }) => replayMs.get(url) ?? []);
    return {
      step: name,
      ...sum,
      "CPU ms/invocation (step)": +((cpuMs.get(name) ?? 0) / Math.max(own.length, 1)).toFixed(1),
      "CPU ms (replay median)": replayed.length ? +median(replayed).toFixed(1) : "",
    };
  });
  console.table([...rows, { step: "total", ...total }]);
  for (const [name] of steps) {
    const paths = invocations
      .filter((i) => i.step === name)
      .map((i) => `${i.method} ${shortPath(i.url)}`);
    const counted = new Map<string, number>();
    for (const p of paths) counted.set(p, (counted.get(p) ?? 0) + 1);
    console.log(`${name}: ${[...counted].map(([p, n]) => (n > 1 ? `${n}× ${p}` : p)).join(", ")}`);
    const asked = mediaHost.filter((m) => m.step === name);
    const files = new Set(asked.filter((m) => !m.missed).map((m) => m.url)).size;
    const misses = asked.filter((m) => m.missed).length;
    console.log(
      `  media host, not the Worker in production: ${asked.length} requests, ${files} files (at most one R2 class B read each per location), ${misses} misses (404, one R2 class B read each, counted above)`,
    );
  }

  // The home page brings the camera's status and is counted from its own request (issue 35).
  const homeExtras = invocations.filter(
    (i) => i.step === "home" && /^\/api\/(stream\/status|beacon)\b/.test(i.url),
  );
  if (homeExtras.length > 0) {
    console.error(`the home page asked more of the Worker: ${homeExtras.map((i) => i.url)}`);
    process.exitCode = 1;
  }
  console.log(
    "D1 rows written leave out the counts (views, likes, the day budget): the StatsBuffer object writes them once a minute for every visitor of it (ADR 030).",
  );

  const limits = (Object.keys(freePerDay) as Resource[])
    .filter((key) => total[key] > 0)
    .map((key) => ({ key, visitors: Math.floor(freePerDay[key] / total[key]) }))
    .sort((a, b) => a.visitors - b.visitors);
  const first = limits[0];
  if (first)
    console.log(
      `Free plan: ${first.visitors} such visitors a day, until "${first.key}" (${freePerDay[first.key]} a day)`,
    );
  console.log(limits.map(({ key, visitors }) => `  ${key}: ${visitors}`).join("\n"));
  const cpuPerInvocation = median([...replayMs.values()]);
  const visitors = 100_000;
  const cost = (Object.keys(total) as Resource[]).map(
    (key) => [key, total[key] * visitors * paidPerUnit[key]] as const,
  );
  cost.push([
    "CPU ms" as Resource,
    total["Worker requests"] * cpuPerInvocation * visitors * paidPerUnit["CPU ms"],
  ]);
  console.log(
    `Paid plan, per ${visitors} visitors beyond the included usage: $${cost.reduce((s, [, v]) => s + v, 0).toFixed(2)} (${cost.map(([k, v]) => `${k} $${v.toFixed(2)}`).join(", ")})`,
  );
  console.log(
    `CPU per invocation, replay median ${cpuPerInvocation.toFixed(1)} ms (Free allows ${freeCpuMsPerInvocation})`,
  );

  // The box's side: its requests through the metering proxy, its segments from its own log.
  const uploads = box.output.filter((line) => /\bupload \d+\/\d+\.ts\b/.test(line));
  const viaSocket = uploads.filter((line) => line.endsWith("(socket)")).length;
  const metered = (pattern: RegExp) =>
    boxAnswers.flatMap(({ path, usage }) => (usage && pattern.test(path) ? [usage] : []));
  const httpSegments = metered(/^\/api\/ingest\/segments\//);
  const stills = metered(/^\/api\/ingest\/still\b/);
  const pull = await fetch(`${server.url}/api/stills/newest.jpg`);
  await pull.arrayBuffer();
  const crawled: Usage[] = [];
  for (const path of ["/en", "/en/gallery", "/en/archive", "/en/about", "/en/contact"]) {
    const page = await fetch(`${server.url}${path}`, {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    });
    await page.arrayBuffer();
    crawled.push(usageOf(page.headers.get("server-timing") ?? "") ?? zero());
  }
  if (cronJobs.length === 0) throw new Error("no cron run was logged (workers/cron/index.ts)");
  const inputs: DayInputs = {
    perVisitor: total,
    coldStartOnly: added(
      invocations.filter((i) => /[?&]wait=settled\b/.test(i.url)).map((i) => i.usage),
    ),
    perSegment: mean(httpSegments),
    socketShare: uploads.length ? viaSocket / uploads.length : 0,
    perStill: stills.length ? mean(stills) : stillFromCode,
    perPull: usageOf(pull.headers.get("server-timing") ?? "") ?? zero(),
    perCrawlerPage: mean(crawled),
    // One run at the start; the backfills copy the seed's files once, as after a deploy.
    perCronRun: added([
      { ...zero(), "Worker requests": 1 },
      ...cronJobs.filter(({ name }) => !name.startsWith("backfill-")).map(({ usage }) => usage),
    ]),
  };
  console.log(
    `cron: ${cronJobs.length} jobs metered; box: ${uploads.length} segments (${viaSocket} on its socket), ${httpSegments.length} over HTTP metered, ${stills.length} stills${stills.length ? "" : " (a still's cost from the code)"}`,
  );
  printFreeDay(10_000, inputs);
} finally {
  await browser.close();
  if (box.process.signalCode === null) box.kill();
  server.stop();
  boxProxy.close();
}
