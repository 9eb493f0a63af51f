// Every public page's p99 at 50 connections against a static file's in the same run (issue 35,
// goal 7: median of 5 runs ≤ 2×, no run over 2.5×), and how many answers were renders (ADR 019).
// Usage: npm run build && npm run bench:ssr   (BENCH_SECONDS, BENCH_PAGES=home,archive, BENCH_PORT)
import autocannon from "autocannon";
import { startPreview } from "#scripts/preview-server.ts";
import { loadAverage } from "./host-load.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = 5;
const GOAL = { median: 2, worst: 2.5 };
const STATIC_FILE = "/favicon.svg";
const headers = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Accept-Encoding": "gzip, br",
};

async function load(url: string) {
  let renders = 0;
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers,
    requests: [
      {
        onResponse: (_status, _body, _context, answer) => {
          const marks = Object.entries(answer as Record<string, string>);
          if (marks.some(([name, value]) => /^x-page-render$/i.test(name) && value === "rendered"))
            renders += 1;
        },
      },
    ],
  });
  return {
    p99: result.latency.p99,
    rate: result.requests.average,
    renders: renders / seconds,
    failed: result.non2xx + result.errors + result.timeouts,
    why: `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
  };
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const server = await startPreview(4840);
try {
  const gallery = await (await fetch(`${server.url}/en/gallery`)).text();
  const item = /href="\/en\/gallery\/([^"?#/]+)[?"]/.exec(gallery)?.[1];
  if (!item) throw new Error("no gallery item linked: is the demo seeded?");
  const allPages: Record<string, string> = {
    home: "/en",
    gallery: "/en/gallery",
    item: `/en/gallery/${item}`,
    archive: "/en/archive",
    about: "/en/about",
    contact: "/en/contact",
    privacy: "/en/privacy",
    imprint: "/en/imprint",
    terms: "/en/terms",
  };
  const chosen = process.env.BENCH_PAGES?.split(",") ?? Object.keys(allPages);
  const pages = chosen.map((name) => {
    const path = allPages[name];
    if (!path) throw new Error(`BENCH_PAGES: no page "${name}" (${Object.keys(allPages)})`);
    return { name, path };
  });
  // Warm: the first render of each page compiles its modules.
  for (const { path } of pages) await fetch(`${server.url}${path}`);

  const runs: { static: number; pages: Map<string, Awaited<ReturnType<typeof load>>> }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const asset = await load(`${server.url}${STATIC_FILE}`);
    const measured = new Map<string, Awaited<ReturnType<typeof load>>>();
    for (const { name, path } of pages) measured.set(name, await load(`${server.url}${path}`));
    runs.push({ static: asset.p99, pages: measured });
    const ratios = pages.map(({ name }) => {
      const page = measured.get(name);
      const failures = page?.failed ? ` (${page.why})` : "";
      return `${name} ${((page?.p99 ?? 0) / asset.p99).toFixed(2)}${failures}`;
    });
    console.log(
      `run ${run}: static p99 ${asset.p99} ms; ${ratios.join(", ")} (load ${loadAverage()})`,
    );
  }

  console.log(
    `\n${seconds} s a page, c=50, ${RUNS} runs, static ${STATIC_FILE}; host load ${loadAverage()}\n`,
  );
  console.log(
    "| page | p99 ms (runs) | × static (runs) | median × | worst × | req/s | renders/s | failed | goal |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  let passed = true;
  for (const { name, path } of pages) {
    const results = runs.map(
      (run) => run.pages.get(name) ?? { p99: 0, rate: 0, renders: 0, failed: 0, why: "" },
    );
    const ratios = runs.map((run, i) => (results[i]?.p99 ?? 0) / run.static);
    const ok = median(ratios) <= GOAL.median && Math.max(...ratios) <= GOAL.worst;
    const failed = results.reduce((sum, result) => sum + result.failed, 0);
    passed &&= ok && failed === 0;
    console.log(
      `| ${name} \`${path.replace(item, ":id")}\` | ${results.map((r) => r.p99).join(", ")} | ${ratios.map((r) => r.toFixed(2)).join(", ")} | ${median(ratios).toFixed(2)} | ${Math.max(...ratios).toFixed(2)} | ${median(results.map((r) => r.rate)).toFixed(0)} | ${median(results.map((r) => r.renders)).toFixed(1)} | ${failed} | ${ok && failed === 0 ? "held" : "missed"} |`,
    );
  }
  console.log(`\nstatic p99 ms (runs): ${runs.map((run) => run.static).join(", ")}`);
  console.log(passed ? "goal held for every page" : "goal missed (see the goal column)");
  if (!passed) process.exitCode = 1;
} finally {
  server.stop();
}
