// The Worker unreachable for 30 minutes (issue 34, goal 3; bench/README.md): the built Worker,
// the RTSP camera stand-in and the real box, with a fault proxy between box and Worker. One slot
// passes, then the Worker refuses connections for half the outage and swallows them for the
// other half, then passes again. Every still the box took must reach the archive at its own
// taken-at, in the order taken, once; the proxy reads each upload's answer as it passes.
// Usage: npm run build && npm run bench:worker-outage [-- --minutes 30 --interval 600]
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startBox } from "#e2e/box.ts";
import { startCamera } from "#e2e/camera-stand-in.ts";
import { startFaultProxy, type Tap } from "#e2e/fault-proxy.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { startPreview } from "#scripts/preview-server.ts";
import { loadAverage } from "./host-load.ts";

const { values } = parseArgs({
  options: {
    /** The whole outage: refused for the first half, a black hole for the second. */
    minutes: { type: "string", default: "30" },
    /** The box's still interval in seconds (CAMERA_STILL_INTERVAL_SECONDS); the field's is a slot. */
    interval: { type: "string", default: String(STILL_SLOT_MS / 1000) },
  },
});
const outageMs = Number(values.minutes) * 60_000;
const intervalMs = Number(values.interval) * 1000;
if (process.env.BENCH_URL) throw new Error("bench:worker-outage reads its own Worker's D1");
const port = Number(process.env.BENCH_PORT ?? 4910);
const persistTo = ".wrangler/bench";

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const iso = (ms: number) => new Date(ms).toISOString();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(`${iso(Date.now())} ${line}`);

type Archived = { slot: number; taken_at: number; created_at: number };

/** The archive's rows since `from`, as D1 holds them. */
function archivedSince(from: number): Archived[] {
  const output = execFileSync(
    "wrangler",
    [
      ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json"],
      ["--config", "build/server/wrangler.json"],
      ["--command", `SELECT slot, taken_at, created_at FROM stills WHERE taken_at >= ${from}`],
    ].flat(),
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  return (JSON.parse(output) as { results: Archived[] }[]).at(-1)?.results ?? [];
}

/** Each still upload the Worker answered, read from the bytes through the proxy. */
type Answer = { takenAt: number; status: number; at: number };
const answers: Answer[] = [];
const REQUEST_HEAD = /(?:GET|PUT|POST|HEAD|PATCH|DELETE) (\/\S*) HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/g;
const STATUS_LINE = /HTTP\/1\.1 (\d{3}) /g;
const TAKEN_AT = /^x-taken-at: *(\S+)/im;
/** Per connection and direction: the text not yet ruled out as the start of a head. */
const streams = new Map<string, string>();
/** Per connection: the taken-at of each request still waiting for its answer (null: not a still). */
const asked = new Map<number, (number | null)[]>();

const tap: Tap = (connection, direction, chunk) => {
  const key = `${connection} ${direction}`;
  const text = (streams.get(key) ?? "") + chunk.toString("latin1");
  const pattern = direction === "up" ? REQUEST_HEAD : STATUS_LINE;
  pattern.lastIndex = 0;
  let end = 0;
  const queue = asked.get(connection) ?? [];
  asked.set(connection, queue);
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    end = pattern.lastIndex;
    if (direction === "up") {
      const still = match[1] === "/api/ingest/still" && TAKEN_AT.exec(match[2] ?? "")?.[1];
      queue.push(still ? Date.parse(still) : null);
    } else {
      const takenAt = queue.shift();
      if (takenAt) answers.push({ takenAt, status: Number(match[1]), at: Date.now() });
    }
  }
  // A head cut between two chunks is found in the next; a JPEG's bytes are never kept for long.
  streams.set(key, text.slice(Math.max(end, text.length - 8192)));
};

const server = await startPreview(port);
const camera = await startCamera({ port: port + 2 });
const proxy = await startFaultProxy(new URL(server.url), { port: port + 1, tap });
const dataDir = mkdtempSync(join(tmpdir(), "bench-outage-box-"));
const spool = join(dataDir, "stills");
mkdirSync(spool, { recursive: true });
/** Every still the box kept to send: its spool file is named after the moment it was taken. */
const taken = new Set<number>();
const watcher = watch(spool, (_event, name) => {
  if (name && /^\d+\.jpg$/.test(name)) taken.add(Number.parseInt(name, 10));
});
const box = startBox(proxy.url, {
  input: camera.url,
  env: { CAMERA_DATA_DIR: dataDir, CAMERA_STILL_INTERVAL_SECONDS: String(intervalMs / 1000) },
});
for (const output of [box.process.stdout, box.process.stderr]) {
  output?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().trim().split("\n")) say(line);
  });
}

let stopped = false;
async function stop() {
  if (stopped) return;
  stopped = true;
  watcher.close();
  box.kill();
  await proxy.close();
  await camera.stop();
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void stop().finally(() => process.exit(130)));
}

const archivedAnswer = (takenAt: number) =>
  answers.find((answer) => answer.takenAt === takenAt && answer.status === 201);

async function until(done: () => boolean, deadline: number) {
  while (!done() && Date.now() < deadline) await wait(1000);
  return done();
}

let failed = false;
try {
  const runStart = Date.now();
  say(`load ${loadAverage()}; outage ${values.minutes} min, still interval ${intervalMs / 1000} s`);
  await box.said(/control: connected/, 120_000, 0);
  // One slot passes: the first still on a slot boundary after the start is archived.
  const firstBoundary = Math.ceil(Date.now() / intervalMs) * intervalMs;
  say(`pass: waiting for the still of ${iso(firstBoundary)} to be archived`);
  const passed = await until(
    () => answers.some((answer) => answer.takenAt >= firstBoundary && answer.status === 201),
    firstBoundary + 120_000,
  );
  if (!passed) throw new Error(`the still of ${iso(firstBoundary)} was not archived in time`);
  // Gone and back between two stills, so only the box's reconnect can drain the spool at once.
  await wait(firstBoundary + intervalMs / 2 - Date.now());

  const outageStart = Date.now();
  await proxy.setMode("refuse");
  say("refuse: the Worker's port is closed");
  await wait(outageMs / 2);
  await proxy.setMode("blackhole");
  say("blackhole: connections accepted, never answered");
  await wait(outageMs / 2);
  const reconnectFrom = box.output.length;
  await proxy.setMode("pass");
  const outageEnd = Date.now();
  say("pass: the Worker is back");

  // Beyond undici's 300 s for a WebSocket handshake's answer, and a backoff.
  const reconnect = box
    .said(/control: connected/, 360_000, reconnectFrom)
    .then(() => Date.now() - outageEnd)
    .catch(() => null);
  const stills = [...taken].filter((at) => at <= outageEnd).sort((a, b) => a - b);
  const drained = await until(
    () => stills.every((at) => archivedAnswer(at)),
    outageEnd + intervalMs + 180_000,
  );
  const reconnectMs = await reconnect;

  const readFrom = Date.now();
  const rows = archivedSince(runStart);
  const slotOf = (at: number) => at - (at % STILL_SLOT_MS);
  const rowOf = (at: number) => rows.find((archived) => archived.slot === slotOf(at));
  /** Per slot, the newest still the Worker had taken before D1 was read: the one it must show. */
  const newest = new Map<number, number>();
  for (const { takenAt, status, at } of answers) {
    const slot = slotOf(takenAt);
    if (status === 201 && at < readFrom && takenAt > (newest.get(slot) ?? 0)) {
      newest.set(slot, takenAt);
    }
  }
  const problems: string[] = [];
  for (const at of stills) {
    const row = rowOf(at);
    if (!archivedAnswer(at)) problems.push(`still ${iso(at)}: no 201 from the Worker`);
    if (!row) problems.push(`still ${iso(at)}: its slot is not in the archive`);
    else if (row.taken_at < (newest.get(slotOf(at)) ?? 0)) {
      problems.push(
        `slot ${iso(slotOf(at))}: an older still (${iso(row.taken_at)}) replaced a newer`,
      );
    }
  }
  const outage = stills.filter((at) => at >= outageStart);
  const arrivals = outage.map((at) => archivedAnswer(at)?.at ?? Number.POSITIVE_INFINITY);
  if (arrivals.some((at, index) => index > 0 && at < (arrivals[index - 1] ?? 0))) {
    problems.push("the outage's stills reached the Worker out of taken order");
  }
  const twice = stills.filter(
    (at) => answers.filter((answer) => answer.takenAt === at && answer.status === 201).length > 1,
  );

  const boundaries = Math.floor(outageEnd / intervalMs) - Math.floor(outageStart / intervalMs);
  console.log(
    "\ntaken at (box)           | slot  | in the archive | 201 / D1 row after the outage",
  );
  for (const at of outage) {
    const answer = archivedAnswer(at);
    const row = rowOf(at);
    const kept = row?.taken_at === at ? "yes" : row ? `replaced by ${iso(row.taken_at)}` : "NO";
    const after = answer ? `${seconds(answer.at - outageEnd)} s` : "never";
    const stored = row?.taken_at === at ? ` / ${seconds(row.created_at - outageEnd)} s` : "";
    console.log(`${iso(at)} | ${iso(slotOf(at)).slice(11, 16)} | ${kept} | ${after}${stored}`);
  }
  console.log(
    JSON.stringify({
      outage: { from: iso(outageStart), to: iso(outageEnd), minutes: values.minutes },
      stillIntervalSeconds: intervalMs / 1000,
      slotBoundariesInOutage: boundaries,
      stillsTakenInOutage: outage.length,
      stillsArchivedInOutage: outage.filter((at) => archivedAnswer(at)).length,
      allDrained: drained,
      arrivalAfterOutageSeconds: arrivals.map((at) => Number(seconds(at - outageEnd))),
      controlReconnectSeconds: reconnectMs === null ? null : Number(seconds(reconnectMs)),
      uploadsRefused: answers.filter((answer) => answer.status !== 201).length,
      sentTwice: twice.map(iso),
      lost: problems,
      load: loadAverage(),
    }),
  );
  if (problems.length > 0) failed = true;
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
