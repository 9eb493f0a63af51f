import { env, exports } from "cloudflare:workers";
import type { Command } from "../protocol/camera-box.ts";
import { DEVICE_HEADERS, signRequest } from "../protocol/device-signature.ts";
import { ORIGIN } from "./helpers";

export const DEVICE_ID = env.CAMERA_DEVICE_ID;
const SECRET = "test-camera-device-secret-long-enough";

type Signing = { secret?: string; deviceId?: string; timestamp?: number };

/** Headers the camera box sends, signed over method, path, timestamp and body. */
export async function signedHeaders(
  method: string,
  path: string,
  body: Uint8Array,
  signing: Signing = {},
) {
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = await signRequest(signing.secret ?? SECRET, { method, path, timestamp, body });
  return {
    [DEVICE_HEADERS.device]: signing.deviceId ?? DEVICE_ID,
    [DEVICE_HEADERS.timestamp]: String(timestamp),
    [DEVICE_HEADERS.signature]: signature,
  };
}

/** A fake but well-formed MPEG-TS segment: `packets` 188-byte packets with sync bytes. */
export function tsSegment(packets = 4) {
  const bytes = new Uint8Array(188 * packets);
  for (let i = 0; i < packets; i++) bytes[i * 188] = 0x47;
  bytes[1] = packets; // different bytes per size, so signatures differ
  return bytes;
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

export async function uploadStill(body: Uint8Array<ArrayBuffer>) {
  const path = "/api/ingest/still";
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "PUT",
    body,
    headers: await signedHeaders("PUT", path, body),
  });
}

export type Box = { socket: WebSocket; next: () => Promise<Command>; received: Command[] };

/** The camera box's control socket, signed like the real one (query parameters). */
export async function connectBox(signing: Signing = {}): Promise<Box> {
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
  return { socket, next, received };
}
