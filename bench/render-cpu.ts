// Worker CPU per public page render (issue 35, goal 3: ≤ 7 ms on the Free plan's 10 ms), with
// D1 and the camera object answered from a recording (render-cpu/worker.ts), so workerd's CPU is
// the render's: Σ schedstat of its threads per request, less the median of a no-op request.
// Usage: npm run build && npm run bench:render-cpu [-- --renders 200 --pages /en,/en/gallery]
//        [-- --profile /en/archive]: a V8 profile of that page's renders, by source file.
import { readFileSync, writeFileSync } from "node:fs";
import { SourceMap, stripTypeScriptTypes } from "node:module";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { startPreview } from "#scripts/preview-server.ts";
import { loadAverage } from "./host-load.ts";
import { workerdCpuNs, workerdPids } from "./workerd-cpu.ts";

const GOAL_MS = 7;
const { values } = parseArgs({
  options: {
    renders: { type: "string", default: "200" },
    pages: { type: "string" },
    profile: { type: "string" },
  },
});
const renders = Number(values.renders);

// The wrapper sits beside the build's entry, which it imports unbundled as wrangler ships it.
const built = JSON.parse(readFileSync("build/server/wrangler.json", "utf8"));
writeFileSync(
  "build/server/render-cpu-worker.js",
  stripTypeScriptTypes(readFileSync("bench/render-cpu/worker.ts", "utf8")),
);
writeFileSync(
  "build/server/render-cpu.js",
  [
    'import app from "./index.js";',
    'import { renderCpuWorker } from "./render-cpu-worker.js";',
    'export * from "./index.js";',
    "export default renderCpuWorker(app);",
  ].join("\n"),
);
writeFileSync("build/server/render-cpu.json", JSON.stringify({ ...built, main: "render-cpu.js" }));

const port = Number(process.env.BENCH_PORT ?? 5010);
const inspectorPort = port + 1;
const server = await startPreview(port, {
  config: "build/server/render-cpu.json",
  wranglerArgs: ["--inspector-port", String(inspectorPort)],
});
const pids = workerdPids(server.processGroup);

const browserHeaders = (locale: string) => ({
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  Accept: "text/html",
  "Accept-Language": locale,
  // Production compresses outside the isolate.
  "Accept-Encoding": "identity",
});

async function get(path: string, round: string): Promise<string> {
  const url = new URL(path, server.url);
  url.searchParams.set("r", round);
  const locale = path.startsWith("/en") ? "en" : "de";
  const response = await fetch(url, { headers: browserHeaders(locale), redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status}\n${body.slice(0, 2000)}`);
  return body;
}

/** CPU of one request in ms (workerd's threads, before to after its answer) and its size. */
async function cpuOf(path: string, round: string): Promise<{ ms: number; bytes: number }> {
  const before = workerdCpuNs(pids);
  const { length } = await get(path, round);
  return { ms: (workerdCpuNs(pids) - before) / 1e6, bytes: length };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

/** The pages: each in German (no prefix) and English, an item and a still as the pages link them. */
async function publicPages(): Promise<string[]> {
  const gallery = await get("/en/gallery", "record");
  const archive = await get("/en/archive", "record");
  const item = /href="\/en\/gallery\/([^"?#/]+)[?"]/.exec(gallery)?.[1];
  // An earlier still than the newest, which /archive shows.
  const still = [...archive.matchAll(/href="\/en\/archive\?at=([^"&]+)"/g)][1]?.[1];
  if (!item || !still) throw new Error("no gallery item or still linked: is the demo seeded?");
  const paths = [
    "",
    "/gallery",
    `/gallery/${item}`,
    "/archive",
    `/archive?at=${still}`,
    "/about",
    "/contact",
    "/privacy",
    "/imprint",
    "/terms",
  ];
  return ["/en", ""].flatMap((prefix) => paths.map((path) => prefix + path || "/"));
}

type Profile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** The Worker's isolate over the inspector, one command at a time (the proxy renumbers ids). */
async function inspector() {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  return {
    send: (method: string, params = {}) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const answer = (data: Buffer) => {
          const message = JSON.parse(String(data));
          if (!("id" in message)) return;
          socket.off("message", answer);
          resolve(message.result);
        };
        socket.on("message", answer);
        socket.send(JSON.stringify({ id: 1, method, params }));
      }),
    close: () => socket.close(),
  };
}

const sourceMaps = new Map<string, SourceMap | null>();
function originalFile(url: string, line: number): string {
  const file = /build\/server\/.*\.js$/.exec(url)?.[0] ?? url.replace(/^.*\//, "build/server/");
  if (!sourceMaps.has(file)) {
    try {
      sourceMaps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))));
    } catch {
      sourceMaps.set(file, null);
    }
  }
  const entry = sourceMaps.get(file)?.findEntry(line, 0);
  const source = entry && "originalSource" in entry ? entry.originalSource : (url ?? "");
  return source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "") || "(native)";
}

/** Self time per original source file over the page's renders. */
async function profile(path: string) {
  const devtools = await inspector();
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: 100 });
  await devtools.send("Profiler.start");
  for (let i = 0; i < renders; i++) await get(path, `profile-${i}`);
  const { profile } = (await devtools.send("Profiler.stop")) as { profile: Profile };
  devtools.close();
  writeFileSync(".wrangler/bench/render-cpu.cpuprofile", JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  profile.samples.forEach((nodeId, i) => {
    const frame = nodes.get(nodeId)?.callFrame;
    if (!frame) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000 / renders;
    const file = frame.url ? originalFile(frame.url, frame.lineNumber) : `(${frame.functionName})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${frame.functionName || "(anonymous)"} ${file}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, "ms/render": +ms.toFixed(3) }));
  console.log(`V8 self time per render of ${path} (isolate only, idle included):`);
  console.table(top(byFile, 25));
  console.table(top(byFunction, 25));
  console.log(
    "the whole profile (Chrome DevTools opens it): .wrangler/bench/render-cpu.cpuprofile",
  );
}

try {
  const pages = values.pages?.split(",") ?? (await publicPages());
  // Record: each page once against the local D1; then every statement is answered from memory.
  for (const path of pages) await get(path, "record");
  const recorded = await (await fetch(`${server.url}/__render-cpu/replay`)).json();
  console.log(`recorded ${JSON.stringify(recorded)}; replaying`);
  // Warm: the isolate compiles each page's code before it is measured, as a busy one has.
  for (const path of pages) for (let i = 0; i < 10; i++) await get(path, `warm-${i}`);

  const noop: number[] = [];
  for (let i = 0; i < renders; i++) noop.push((await cpuOf("/__render-cpu/noop", String(i))).ms);
  const base = quantile(noop, 0.5);
  const rows = [];
  for (const path of pages) {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < renders; i++) {
      const render = await cpuOf(path, String(i));
      samples.push(render.ms - base);
      bytes = render.bytes;
    }
    rows.push({
      page: path,
      kB: Math.round(bytes / 1000),
      "median ms": +quantile(samples, 0.5).toFixed(2),
      "p95 ms": +quantile(samples, 0.95).toFixed(2),
      "≤ 7 ms": quantile(samples, 0.95) <= GOAL_MS ? "yes" : "no",
    });
  }
  const load = loadAverage();
  console.table(rows);
  console.log(
    `no-op request ${base.toFixed(2)} ms (subtracted); ${renders} renders each; load ${load}`,
  );
  const cells = [
    ["page", "HTML kB", "median ms", "p95 ms", "≤ 7 ms"],
    ...rows.map((r) =>
      [`\`${r.page}\``, r.kB, r["median ms"], r["p95 ms"], r["≤ 7 ms"]].map(String),
    ),
  ];
  // Padded as the formatter pads a Markdown table, so the written file passes `npm run lint`.
  const widths =
    cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head = [], ...body] = cells;
  const table = [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
  if (!values.pages)
    writeFileSync(
      "bench/results/render-cpu.md",
      [
        "# Worker CPU per page render (issue 35, goal 3)",
        "",
        `\`npm run bench:render-cpu\`, ${new Date().toISOString().slice(0, 16)} UTC: ${renders} sequential renders`,
        `per page, D1 replayed, \`Accept-Encoding: identity\`, less a no-op request (${base.toFixed(2)} ms);`,
        `2 shared cores, load ${load}.`,
        "",
        ...table,
        "",
      ].join("\n"),
    );
  if (values.profile) await profile(values.profile);
} finally {
  server.stop();
}
