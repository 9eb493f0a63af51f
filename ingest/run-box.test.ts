import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { type RunningBox, startBox } from "#e2e/box.ts";
import { type CameraStandIn, startCamera } from "#e2e/camera-stand-in.ts";
import { BOX_PROTOCOL, type Report } from "#protocol/camera-box.ts";

let camera: CameraStandIn;
let box: RunningBox | undefined;
let worker: WebSocketServer | undefined;

beforeAll(async () => {
  camera = await startCamera({ keyframeSeconds: 2 });
});
afterAll(() => camera.stop());
afterEach(({ task }) => {
  if (task.result?.state === "fail") console.log(`the box said:\n${box?.output.join("\n")}`);
  box?.kill();
  worker?.close();
  camera.thaw();
});

type Connection = { socket: WebSocket; reports: Report[] };

/** The Worker's control socket, keeping what the box reports on each connection. */
async function fakeWorker() {
  const connections: Connection[] = [];
  worker = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  worker.on("connection", (socket) => {
    const connection: Connection = { socket, reports: [] };
    connections.push(connection);
    socket.on("message", (data) => {
      const text = String(data);
      if (text !== "ping") connection.reports.push(JSON.parse(text) as Report);
    });
  });
  await new Promise((resolve) => worker?.once("listening", resolve));
  const url = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
  return { url, connections };
}

/** What the Worker heard about the camera: the hello's word, then every camera report. */
const cameraSaid = (reports: Report[]) =>
  reports.flatMap((report) =>
    report.type === "hello" ? [report.camera] : report.type === "camera" ? [report.reachable] : [],
  );

describe("the box tells the Worker whether its camera answers", { timeout: 90_000 }, () => {
  test("a box that connects before its camera has answered says so, then that it answers, never that it does not", async () => {
    const { url, connections } = await fakeWorker();
    // The camera takes the box's connection but sends nothing yet.
    camera.freeze();
    box = startBox(url, { input: camera.url, env: { CAMERA_CAPTURE: "never" } });
    await expect.poll(() => connections[0]?.reports[0], { timeout: 60_000 }).toBeDefined();
    expect(connections[0]?.reports[0]).toMatchObject({ type: "hello", protocol: BOX_PROTOCOL });

    camera.thaw();
    await box.said(/camera: answering/, 30_000, 0);
    await expect.poll(() => cameraSaid(connections[0]?.reports ?? [])).toEqual([null, true]);
  });

  test("a box whose control connection drops while its camera answers says so in its next hello", async () => {
    const { url, connections } = await fakeWorker();
    box = startBox(url, { input: camera.url, env: { CAMERA_CAPTURE: "never" } });
    await box.said(/camera: answering/, 60_000, 0);
    await expect.poll(() => cameraSaid(connections[0]?.reports ?? []).at(-1)).toBe(true);

    connections[0]?.socket.terminate();
    await expect.poll(() => connections[1]?.reports[0], { timeout: 10_000 }).toBeDefined();
    expect(cameraSaid(connections[1]?.reports ?? [])).toEqual([true]);
  });

  test("a camera switched off and on again: the box says so, answers again within a minute, and reports the gap", async () => {
    const { url, connections } = await fakeWorker();
    box = startBox(url, { input: camera.url, env: { CAMERA_CAPTURE: "never" } });
    await box.said(/camera: answering/, 60_000, 0);
    const reports = () => connections.flatMap((connection) => connection.reports);
    await expect.poll(() => cameraSaid(reports()).at(-1)).toBe(true);

    await camera.stop();
    await expect.poll(() => cameraSaid(reports()).at(-1), { timeout: 30_000 }).toBe(false);
    await camera.restart();
    const back = Date.now();
    await box.said(/camera: answering again/, 60_000, 0);
    expect(Date.now() - back).toBeLessThan(60_000);
    await expect.poll(() => cameraSaid(reports()).at(-1)).toBe(true);
    const gap = () => reports().find((r) => r.type === "event" && r.kind === "camera_gap");
    await expect
      .poll(gap)
      .toMatchObject({ detail: expect.stringMatching(/^no picture from \S+ to \S+ \(\d+ s\)$/) });
  });
});
