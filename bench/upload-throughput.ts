// A 1 GB video through the owner's upload API: MB/s and workerd's memory (bench/README.md).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PART_SIZE, partCount, partLength } from "#app/features/uploads/upload-limits.ts";
import { startPreview } from "#scripts/preview-server.ts";
import { jpeg, movieBoxes } from "#test/media-bytes.ts";

const FILE_BYTES = 1000 * 1000 * 1000;
const PARALLEL = 3;

function workerdRssMb(processGroup: number): number {
  const lines = execFileSync("ps", ["-eo", "pgid=,rss=,comm="], { encoding: "utf8" }).split("\n");
  let kb = 0;
  for (const line of lines) {
    const [pgid, rss, comm] = line.trim().split(/\s+/);
    if (Number(pgid) === processGroup && comm?.startsWith("workerd")) kb += Number(rss);
  }
  return kb / 1024;
}

const server = await startPreview(4510);
try {
  const password = /ADMIN_PASSWORD="([^"]+)"/.exec(readFileSync(".dev.vars", "utf8"))?.[1] ?? "";
  const login = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ password }),
    headers: { Origin: server.url },
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api/admin/uploads${path}`, {
      ...init,
      headers: { Origin: server.url, Cookie: cookie, ...init.headers },
    });

  const created = await api("", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      kind: "video",
      fileName: "bench.mp4",
      byteSize: FILE_BYTES,
      contentType: "video/mp4",
      lastModified: Date.now(),
    }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };

  // A whole movie, as completion checks it: ftyp, moov and the media data's header first.
  const { head } = movieBoxes({ media: FILE_BYTES - movieBoxes({ media: 0 }).head.length });
  const part = new Uint8Array(PART_SIZE).fill(0x42);
  const first = part.slice();
  first.set(head);

  const before = workerdRssMb(server.processGroup);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, workerdRssMb(server.processGroup));
  }, 200);
  // RSS after each quarter of the parts: flat when nothing accumulates per part.
  const progress: number[] = [];
  let sent = 0;
  const started = performance.now();
  const queue = Array.from({ length: partCount(FILE_BYTES) }, (_, i) => i + 1);
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const body = (n === 1 ? first : part).subarray(0, partLength(FILE_BYTES, n));
        const answer = await api(`/${id}/parts/${n}`, { method: "PUT", body });
        if (answer.status !== 204) throw new Error(`part ${n}: ${answer.status}`);
        sent += 1;
        if (sent % 24 === 0) progress.push(Math.round(workerdRssMb(server.processGroup)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  await api(`/${id}/thumbnail`, { method: "PUT", body: jpeg() });
  const done = await api(`/${id}/complete`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ width: 1920, height: 1080, durationSeconds: 600, takenAt: Date.now() }),
  });
  if (done.status !== 201) throw new Error(`complete: ${done.status} ${await done.text()}`);
  const after = workerdRssMb(server.processGroup);

  console.table([
    {
      "file MB": FILE_BYTES / 1e6,
      parts: partCount(FILE_BYTES),
      seconds: Number(seconds.toFixed(1)),
      "MB/s": Number((FILE_BYTES / 1e6 / seconds).toFixed(1)),
      "workerd RSS before MB": Math.round(before),
      "peak MB": Math.round(peak),
      "after MB": Math.round(after),
      "at 25/50/75/100 %": progress.join(" / "),
    },
  ]);
} finally {
  server.stop();
}
