// The statistics beacon's JavaScript and its endpoint's throughput (bench/README.md).
import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { startPreview } from "#scripts/preview-server.ts";

const assets = "build/client/assets";
const chunk = readdirSync(assets).find((file) => /^beacon-.*\.js$/.test(file));
if (!chunk) throw new Error(`no beacon chunk in ${assets}: run npm run build first`);
const bytes = readFileSync(`${assets}/${chunk}`);
console.log(
  `beacon chunk ${chunk}: ${bytes.length} B, ${gzipSync(bytes, { level: 9 }).length} B gzip (budget 1024 B)`,
);

// A page's sendBeacon body (page views are counted from the pages' own requests, ADR 014).
const headers = {
  "Content-Type": "text/plain;charset=UTF-8",
  "Sec-Fetch-Site": "same-origin",
  "Sec-Fetch-Mode": "no-cors",
  "Sec-Fetch-Dest": "empty",
  "User-Agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "Accept-Language": "de-DE,de;q=0.9",
};
const body = JSON.stringify({ type: "event", name: "timelapse_play" });

type Run = { label: string; options: autocannon.Options };

async function measure({ label, options }: Run) {
  const result = await autocannon({ connections: 50, duration: 10, ...options });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(", ");
  return {
    run: label,
    "req/s": result.requests.average,
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    statuses,
    errors: result.errors,
  };
}

const server = await startPreview(4810);
try {
  let client = 0;
  const runs: Run[] = [
    // What the local Worker does at all on this machine: an endpoint without D1.
    { label: "baseline GET /api/build", options: { url: `${server.url}/api/build` } },
    {
      // Each request from its own address: no rate limit.
      label: "POST /api/beacon, events",
      options: {
        url: `${server.url}/api/beacon`,
        method: "POST",
        headers: { ...headers, Origin: server.url },
        body,
        requests: [
          {
            setupRequest: (request) => {
              client += 1;
              const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
              return { ...request, headers: { ...request.headers, "CF-Connecting-IP": address } };
            },
          },
        ],
      },
    },
  ];
  const rows = [];
  for (const run of runs) rows.push(await measure(run));
  console.table(rows);
} finally {
  server.stop();
}
