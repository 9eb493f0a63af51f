// The home page's server render against a static asset at 50 connections (bench/README.md).
import autocannon from "autocannon";
import { startPreview } from "./preview-server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const headers = {
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Accept-Encoding": "gzip, br",
};

async function load(label: string, url: string) {
  let renders = 0;
  const result = await autocannon({
    url,
    connections: 50,
    duration: seconds,
    headers,
    requests: [
      {
        onResponse: (_status, _body, _context, answer) => {
          if ((answer as Record<string, string>)["X-Page-Render"] === "rendered") renders += 1;
        },
      },
    ],
  });
  return {
    run: label,
    "req/s": result.requests.average,
    "renders/s": Number((renders / seconds).toFixed(1)),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const server = await startPreview(4840);
try {
  // Warm: the first render compiles and reads the weather once.
  await fetch(`${server.url}/en`);
  const rows = [
    await load("static /favicon.svg", `${server.url}/favicon.svg`),
    await load("SSR /en", `${server.url}/en`),
  ];
  console.table(rows);
  const [asset, page] = rows.map((row) => row["p99 ms"]);
  console.log(
    `SSR p99 is ${((page ?? 0) / Math.max(1, asset ?? 1)).toFixed(2)}× the asset's (goal ≤ 2×)`,
  );
} finally {
  server.stop();
}
