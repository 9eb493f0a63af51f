// Whether the CameraStream object's load grows with viewers (bench/README.md).
import autocannon from "autocannon";
import { startBox, waitUntilOnline } from "#e2e/box.ts";
import { startPreview } from "#scripts/preview-server.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);

async function untilLive(url: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await fetch(url)).ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the stream did not go live within 30 s");
}

async function load(label: string, url: string) {
  const answers = { object: 0, cache: 0 };
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        onResponse: (_status, _body, _context, headers) => {
          const source = (headers as Record<string, string>)["X-Object-Answer"];
          if (source === "object" || source === "cache") answers[source] += 1;
        },
      },
    ],
  });
  const served = result.requests.total;
  return {
    run: label,
    "served/s": Math.round(served / seconds),
    "to object/s": Number((answers.object / seconds).toFixed(1)),
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const server = await startPreview(4830);
const box = startBox(server.url);
try {
  await waitUntilOnline(server.url);
  const session = (await (
    await fetch(`${server.url}/api/stream/sessions`, { method: "POST" })
  ).json()) as { playlistUrl: string };
  const playlist = `${server.url}${session.playlistUrl}`;
  await untilLive(playlist);
  // The session lasts a minute: the playlist first, while its token is valid.
  const rows = [await load("GET live.m3u8", playlist)];
  rows.push(await load("GET /api/stream/status", `${server.url}/api/stream/status`));
  console.table(rows);
} finally {
  box.kill();
  server.stop();
}
