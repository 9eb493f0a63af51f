import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test, vi } from "vitest";
import { testConfig } from "#test/support/box-test-config.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import { LIVE_STALL_MS, Streamer } from "./streamer.ts";

let server: Server | undefined;
afterEach(() => server?.close());

/**
 * The Worker's segment route as the box meets it: it keeps what it is sent, answers a segment
 * it has with 409 duplicate_segment, and loses its first answer on the way back.
 */
async function workerLosingFirstAnswer() {
  const received: string[] = [];
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const path = request.url ?? "";
      const known = received.includes(path);
      received.push(path);
      if (received.length === 1) return request.socket.destroy();
      response.writeHead(known ? 409 : 201, { "Content-Type": "application/json" });
      response.end(known ? JSON.stringify({ error: { code: "duplicate_segment" } }) : "");
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received };
}

test("a segment whose answer was lost is not sent forever: the stream goes on", async () => {
  const worker = await workerLosingFirstAnswer();
  const config = await testConfig({}, ["--url", worker.url]);
  const failures: string[] = [];
  const reader = new CameraReader(config);
  reader.start();
  await reader.answered(20_000);
  const streamer = new Streamer(3, { config, reader, status: new BoxStatus() }, (reason) =>
    failures.push(reason),
  );
  await streamer.start();
  try {
    await expect
      .poll(() => new Set(worker.received).size, { timeout: 20_000, interval: 200 })
      .toBeGreaterThanOrEqual(3);
  } finally {
    await streamer.stop();
    await reader.stop();
  }
  const segments = ["0", "1", "2"].map((seq) => `/api/ingest/segments/3/${seq}.ts`);
  expect([...new Set(worker.received)].slice(0, 3)).toEqual(segments);
  // The lost answer and the one retry that found the segment there, then each once.
  expect(worker.received.filter((path) => path === segments[0])).toHaveLength(2);
  expect(failures).toEqual([]);
}, 30_000);

test("a live ffmpeg that freezes mid-stream fails the stream within seconds, naming why", async () => {
  const worker = await workerLosingFirstAnswer();
  const config = await testConfig({}, ["--url", worker.url]);
  const logged = vi.spyOn(console, "log");
  const reader = new CameraReader(config);
  reader.start();
  await reader.answered(20_000);
  const failures: { reason: string; at: number }[] = [];
  const streamer = new Streamer(4, { config, reader, status: new BoxStatus() }, (reason) =>
    failures.push({ reason, at: Date.now() }),
  );
  await streamer.start();
  try {
    await expect.poll(() => worker.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const pid = Number(/live: ffmpeg PID (\d+)/.exec(logged.mock.calls.flat().join("\n"))?.[1]);
    const frozenAt = Date.now();
    process.kill(pid, "SIGSTOP");
    await expect.poll(() => failures.length, { timeout: 15_000 }).toBe(1);
    expect(failures[0]?.reason).toBe(`ffmpeg ended: no segment for ${LIVE_STALL_MS / 1000} s`);
    // The last segment came up to 2 s before the freeze.
    expect((failures[0]?.at ?? 0) - frozenAt).toBeLessThan(LIVE_STALL_MS + 2_000);
  } finally {
    logged.mockRestore();
    await streamer.stop();
    await reader.stop();
  }
}, 60_000);

test("segments go on the control socket; one the Worker does not answer there goes by PUT", async () => {
  const worker = await workerLosingFirstAnswer();
  const config = await testConfig({}, ["--url", worker.url]);
  const logged = vi.spyOn(console, "log").mockImplementation(() => {});
  const onSocket: number[] = [];
  // The socket answers every segment but the second, as if its answer were lost.
  const socket = {
    sendSegment: async ({ seq }: { seq: number }) => {
      onSocket.push(seq);
      return seq === 1 ? null : ("stored" as const);
    },
  };
  const reader = new CameraReader(config);
  reader.start();
  await reader.answered(20_000);
  const streamer = new Streamer(5, { config, reader, status: new BoxStatus(), socket }, () => {});
  await streamer.start();
  const uploads = () =>
    logged.mock.calls.flat().filter((line) => /^\[box\] upload 5\//.test(String(line)));
  try {
    await expect.poll(() => uploads().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  } finally {
    await streamer.stop();
    await reader.stop();
  }
  expect(onSocket.slice(0, 3)).toEqual([0, 1, 2]);
  // The first PUT's answer is lost too: sent again, found there.
  expect(new Set(worker.received)).toEqual(new Set(["/api/ingest/segments/5/1.ts"]));
  expect(
    uploads()
      .slice(0, 3)
      .map((line) => /\((\w+)\)$/.exec(String(line))?.[1]),
  ).toEqual(["socket", "http", "socket"]);
  logged.mockRestore();
}, 30_000);
