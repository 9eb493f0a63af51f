// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { testConfig } from "#test/support/box-test-config.ts";
import { BoxStatus } from "./box-status.ts";
import { CameraReader } from "./camera-reader.ts";
import { Streamer } from "./streamer.ts";

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
