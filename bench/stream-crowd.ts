// A crowd pressing Watch live (issue 35, goal 4; bench/README.md): new sessions at BENCH_RATE a
// second (500) for BENCH_SECONDS (30) against the built Worker with the real box, each from a
// network of its own (the session limit keys on CF-Connecting-IP). Reports the rate reached,
// errors, non-2xx, and the calls that reached the camera object: those inside the session
// answers (Server-Timing) and the site's own day counter of object requests (`usage_days`),
// which also holds the coalescers' trailing calls, the box's uploads and the status polls; and
// workerd's CPU per session, which says what rate an idle host's cores would carry.
// Usage: npm run build && npm run bench:stream-crowd
import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
import { startReadyBox } from "#e2e/box.ts";
import { startPreview } from "#scripts/preview-server.ts";
import { loadAverage } from "./host-load.ts";
import { workerdCpuNs, workerdPids } from "./workerd-cpu.ts";

const rate = Number(process.env.BENCH_RATE ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const persistTo = ".wrangler/bench";

/** The site's object requests counted so far today (app/.server/usage-days.ts). */
function countedObjectRequests(): number {
  const output = execFileSync(
    "wrangler",
    [
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json"],
      ["--config", "build/server/wrangler.json"],
      ["--command", "SELECT coalesce(sum(object_requests), 0) AS n FROM usage_days"],
    ].flat(),
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const [answer] = JSON.parse(output) as { results: { n: number }[] }[];
  return answer?.results[0]?.n ?? 0;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startPreview(4840);
const box = await startReadyBox(server.url);
try {
  const load = loadAverage();
  const pids = workerdPids(server.processGroup);
  const cpuBefore = workerdCpuNs(pids);
  let client = 0;
  let inAnswers = 0;
  let live = 0;
  const result = await autocannon({
    url: `${server.url}/api/stream/sessions`,
    method: "POST",
    connections: 100,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          client += 1;
          const address = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
          return { ...request, headers: { ...request.headers, "CF-Connecting-IP": address } };
        },
        onResponse: (_status, body, _context, headers) => {
          const named = Object.entries(headers as Record<string, string>);
          const timing = named.find(([name]) => name.toLowerCase() === "server-timing")?.[1] ?? "";
          inAnswers += Number(/ do (\d+) /.exec(timing)?.[1] ?? 0);
          if (body.includes('"live":true')) live += 1;
        },
      },
    ],
  });
  const cpuMs = (workerdCpuNs(pids) - cpuBefore) / 1e6;
  // The last trailing calls go out within five seconds; an isolate writes its counts at most
  // once a minute, on a request: the next one after that minute carries everything so far.
  await wait(5_000);
  // The floor on this host now: the cheapest endpoint (no binding) at the same connections.
  const floorBefore = workerdCpuNs(pids);
  const floor = await autocannon({
    url: `${server.url}/api/build`,
    connections: 100,
    duration: 10,
  });
  const floorMs = (workerdCpuNs(pids) - floorBefore) / 1e6 / Math.max(1, floor.requests.total);
  await wait(61_000);
  await fetch(`${server.url}/api/health`);
  await wait(5_000);
  const sessions = result.requests.total;
  console.table([
    {
      "sessions/s asked": rate,
      "sessions/s reached": Math.round(sessions / seconds),
      sessions,
      "answered live": live,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "CPU ms/session": Number((cpuMs / Math.max(1, result.requests.total)).toFixed(2)),
      "CPU ms/GET /api/build": Number(floorMs.toFixed(2)),
      "GET /api/build/s": Math.round(floor.requests.average),
      "object calls in answers": inAnswers,
      "object requests, whole run": countedObjectRequests(),
    },
  ]);
  console.log(`load average before: ${load}; after: ${loadAverage()}`);
} finally {
  box.kill();
  server.stop();
}
