import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { BOX_PROTOCOL, type Command, type Report } from "#protocol/camera-box.ts";
import { DEVICE_HEADERS, signRequest } from "#protocol/device-signature.ts";
import { BROWSER_UA, ORIGIN, visitWith } from "./helpers.ts";

export const DEVICE_ID = env.CAMERA_DEVICE_ID;
const SECRET = "test-camera-device-secret-long-enough";

type Signing = { secret?: string; deviceId?: string; timestamp?: number };

export function signedHeaders(
  method: string,
  path: string,
  body: Uint8Array,
  signing: Signing = {},
): Promise<Record<string, string>> {
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  return signRequest(signing.secret ?? SECRET, signing.deviceId ?? DEVICE_ID, {
    method,
    path,
    timestamp,
    body,
  });
}

const tsPacket = (pid: number, unitStart: boolean, payload: number[]) => {
  const packet = new Uint8Array(188).fill(0xff);
  packet.set([0x47, (unitStart ? 0x40 : 0) | (pid >> 8), pid & 0xff, 0x10, ...payload]);
  return packet;
};
const CRC = [0, 0, 0, 0]; // not checked
/** PAT naming the program map on PID 0x1000; PMT with H.264 (0x1b) on PID 0x100. */
const PAT = tsPacket(0, true, [0, 0x00, 0xb0, 13, 0, 1, 0xc1, 0, 0, 0, 1, 0xf0, 0x00, ...CRC]);
const PMT = tsPacket(0x1000, true, [
  ...[0, 0x02, 0xb0, 18, 0, 1, 0xc1, 0, 0, 0xe1, 0x00, 0xf0, 0x00],
  ...[0x1b, 0xe1, 0x00, 0xf0, 0x00, ...CRC],
]);

/** The smallest segment the Worker takes: PAT, PMT, a video PES starting, more video. */
export function tsSegment(packets = 4) {
  const bytes = new Uint8Array(188 * packets);
  bytes.set(PAT, 0);
  bytes.set(PMT, 188);
  bytes.set(tsPacket(0x100, true, [0, 0, 1, 0xe0, 0, 0]), 2 * 188);
  for (let i = 3; i < packets; i++) bytes.set(tsPacket(0x100, false, [i]), i * 188);
  return bytes;
}

/** Its scan data never contains 0xFF, so no false markers. */
export function jpegStill({ width = 854, height = 480, bytes = 8 * 1024 } = {}) {
  const frame = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const scan = [0xff, 0xda, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0];
  const head = [0xff, 0xd8, ...frame, ...components, ...scan];
  const jpeg = new Uint8Array(bytes);
  jpeg.set(head);
  for (let i = head.length; i < bytes - 2; i++) jpeg[i] = (i * 7) % 255;
  jpeg.set([0xff, 0xd9], bytes - 2);
  return jpeg;
}

/** Without an honest length, counting how much of it the Worker pulled. */
export function countedBody(size: number) {
  const chunk = new Uint8Array(64 * 1024);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk.slice());
    },
  });
  return { stream, pulled: () => pulled };
}

export async function uploadSegment(
  epoch: number,
  name: string,
  body = tsSegment(),
  options: Signing & { duration?: string } = {},
) {
  const path = `/api/ingest/segments/${epoch}/${name}`;
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "PUT",
    body,
    headers: {
      ...(await signedHeaders("PUT", path, body, options)),
      "X-Segment-Duration": options.duration ?? "2.000",
    },
  });
}

export async function uploadStill(
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  signing: Signing = {},
) {
  const path = "/api/ingest/still";
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "PUT",
    body,
    headers: { ...(await signedHeaders("PUT", path, body, signing)), ...headers },
  });
}

export type Box = { socket: WebSocket; next: () => Promise<Command>; received: Command[] };

type Hello = Omit<Extract<Report, { type: "hello" }>, "type">;

/**
 * Connected and said hello as a box does (`hello` null: not yet), its camera answering unless
 * `hello` says otherwise; resolves once the object has read the hello.
 */
export async function connectBox(
  signing: Signing = {},
  hello: Partial<Hello> | null = {},
): Promise<Box> {
  const path = "/api/ingest/control";
  const headers = await signedHeaders("GET", path, new Uint8Array(), signing);
  const query = new URLSearchParams({
    device: headers[DEVICE_HEADERS.device] ?? "",
    timestamp: headers[DEVICE_HEADERS.timestamp] ?? "",
    signature: headers[DEVICE_HEADERS.signature] ?? "",
  });
  const response = await exports.default.fetch(`${ORIGIN}${path}?${query}`, {
    headers: { Upgrade: "websocket" },
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`no WebSocket: ${response.status} ${await response.text()}`);
  socket.accept();
  const received: Command[] = [];
  const waiting: ((command: Command) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const command = JSON.parse(String(event.data)) as Command;
    received.push(command);
    waiting.shift()?.(command);
  });
  let read = 0;
  const next = () =>
    new Promise<Command>((resolve) => {
      const already = received[read];
      read += 1;
      if (already) resolve(already);
      else waiting.push(resolve);
    });
  if (hello) {
    const said = { version: "test", epoch: null, protocol: BOX_PROTOCOL, camera: true, ...hello };
    socket.send(JSON.stringify({ type: "hello", ...said }));
    const heard = () =>
      runInDurableObject(env.CAMERA_STREAM.getByName(DEVICE_ID), (_instance, state) => {
        const newest = state.getWebSockets().at(-1)?.deserializeAttachment();
        return (newest as { protocol: number | null } | null)?.protocol ?? null;
      });
    await expect.poll(heard, { interval: 10 }).not.toBeNull();
  }
  return { socket, next, received };
}

const usedSignatures = new Set<string>();

/** A request signed as the box; like the box, it waits a second rather than replay a signature. */
export async function asBox(
  method: string,
  path: string,
  body: unknown = new Uint8Array(),
  boxEnv?: Env,
) {
  const bytes =
    body instanceof Uint8Array
      ? (body as Uint8Array<ArrayBuffer>)
      : new TextEncoder().encode(JSON.stringify(body));
  let headers = await signedHeaders(method, path, bytes);
  while (usedSignatures.has(headers[DEVICE_HEADERS.signature] ?? "")) {
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    headers = await signedHeaders(method, path, bytes);
  }
  usedSignatures.add(headers[DEVICE_HEADERS.signature] ?? "");
  const init = { method, body: method === "GET" ? undefined : bytes, headers };
  return boxEnv
    ? visitWith(boxEnv, path, BROWSER_UA, init)
    : exports.default.fetch(`${ORIGIN}${path}`, init);
}
