import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { WebSocketServer } from "ws";
import { testConfig } from "#test/support/box-test-config.ts";
import { ControlChannel, HANDSHAKE_MS, MAX_SEGMENT_MESSAGE_BYTES } from "./control.ts";

let server: Server | undefined;
let channel: ControlChannel | undefined;

afterEach(() => {
  channel?.close();
  server?.close();
  vi.restoreAllMocks();
});

/** A Worker that refuses every request, the WebSocket handshake included, as it would a wrong key. */
async function refusingWorker(): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(401, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { code: "bad_signature", message: "no" } }));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What the box logs once its first connection attempt has failed. */
async function firstFailure(workerUrl: string): Promise<string> {
  const logged = vi.spyOn(console, "log").mockImplementation(() => {});
  const config = await testConfig({ CAMERA_WORKER_URL: workerUrl });
  channel = new ControlChannel(config, { onCommand() {}, onUp() {}, onDown() {} });
  await channel.connect();
  const line = () =>
    logged.mock.calls.map(([text]) => String(text)).find((text) => text.includes("control:"));
  await vi.waitFor(
    () => {
      if (!line()) throw new Error("nothing logged yet");
    },
    { timeout: 10_000 },
  );
  return line() ?? "";
}

describe("the control socket, when it cannot connect", () => {
  test("says the Worker refused the box, with its answer and what to check", async () => {
    const url = await refusingWorker();
    expect(await firstFailure(url)).toMatch(
      new RegExp(
        `control: could not connect to ${url}: the Worker refused the box \\(401 bad_signature\\): check CAMERA_DEVICE_ID, CAMERA_DEVICE_SECRET and the clock; reconnecting in`,
      ),
    );
  });

  test("says the Worker cannot be reached", async () => {
    const url = await refusingWorker();
    await new Promise((resolve) => server?.close(resolve));
    expect(await firstFailure(url)).toMatch(
      /control: could not connect to .*: the Worker cannot be reached \(ECONNREFUSED\)/,
    );
  });
});

describe("the control socket, when the Worker accepts and never answers", () => {
  test("gives the handshake up and tries again, rather than wait for Node's 300 s", {
    timeout: HANDSHAKE_MS + 15_000,
  }, async () => {
    // A black hole: a half-open path to the Worker after an outage.
    const held: Socket[] = [];
    const hole = createTcpServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => hole.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(hole.address() as AddressInfo).port}`;
    vi.spyOn(console, "log").mockImplementation(() => {});
    const config = await testConfig({ CAMERA_WORKER_URL: url });
    channel = new ControlChannel(config, { onCommand() {}, onUp() {}, onDown() {} });
    const started = Date.now();
    await channel.connect();
    try {
      await vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(2), {
        timeout: HANDSHAKE_MS + 10_000,
      });
      // The first backoff is at most a second.
      expect(Date.now() - started).toBeLessThan(HANDSHAKE_MS + 5_000);
    } finally {
      channel.close();
      for (const socket of held) socket.destroy();
      hole.close();
    }
  });
});

describe("the control socket, when another box with its key takes over", () => {
  test("says so, and waits longer each time instead of taking it back every second", {
    timeout: 15_000,
  }, async () => {
    // A Worker that hands the connection to a newer one at once, as it does for a second box.
    const sockets = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    sockets.on("connection", (socket) => socket.close(4000, "replaced by a newer connection"));
    await new Promise((resolve) => sockets.once("listening", resolve));
    const url = `http://127.0.0.1:${(sockets.address() as AddressInfo).port}`;
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    const config = await testConfig({ CAMERA_WORKER_URL: url });
    channel = new ControlChannel(config, { onCommand() {}, onUp() {}, onDown() {} });
    await channel.connect();
    const takeovers = () =>
      logged.mock.calls.map(([text]) => String(text)).filter((text) => text.includes("took over"));
    await vi.waitFor(() => expect(takeovers()).toHaveLength(2), { timeout: 10_000 });
    channel.close();
    sockets.close();

    expect(takeovers()[0]).toContain(
      `control: another connection with this box's key took over (is a second box running with CAMERA_DEVICE_ID ${config.deviceId}?); reconnecting in`,
    );
    const delays = takeovers().map((text) => Number(/reconnecting in ([\d.]+) s/.exec(text)?.[1]));
    // The backoff doubles: a jittered 0.5-1 s, then 1-2 s.
    expect(delays[1]).toBeGreaterThanOrEqual(1);
  });
});

describe("a live segment on the control socket", () => {
  test("one too large for a Worker's message is not sent on the socket: it goes by PUT at once", async () => {
    // A Worker that stores and acknowledges every segment it is sent on the socket.
    const sockets = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    const received: number[] = [];
    sockets.on("connection", (socket) =>
      socket.on("message", (data: Buffer, binary) => {
        if (!binary) return;
        received.push(data.length);
        socket.send(
          JSON.stringify({ type: "segment", epoch: 1, seq: received.length - 1, code: "stored" }),
        );
      }),
    );
    await new Promise((resolve) => sockets.once("listening", resolve));
    const url = `http://127.0.0.1:${(sockets.address() as AddressInfo).port}`;
    vi.spyOn(console, "log").mockImplementation(() => {});
    const config = await testConfig({ CAMERA_WORKER_URL: url });
    let up: () => void = () => {};
    const opened = new Promise<void>((resolve) => (up = resolve));
    channel = new ControlChannel(config, { onCommand() {}, onUp: () => up(), onDown() {} });
    await channel.connect();
    await opened;
    const header = (seq: number) => ({ epoch: 1, seq, duration: 2 });
    expect(await channel.sendSegment(header(0), new Uint8Array(200 * 1024))).toBe("stored");
    expect(
      await channel.sendSegment(header(1), new Uint8Array(MAX_SEGMENT_MESSAGE_BYTES)),
    ).toBeNull();
    expect(received).toHaveLength(1);
    sockets.close();
  });
});
