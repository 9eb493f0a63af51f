import { DEVICE_HEADERS, signRequest } from "#protocol/device-signature.ts";
import type { BoxConfig } from "./config.ts";

export class UploadError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message?: string) {
    super(`upload refused: ${status} ${code}${message ? ` (${message})` : ""}`);
    this.status = status;
    this.code = code;
  }
}

const issued = { second: 0, signatures: new Set<string>() };

/** Single-use signatures carry whole seconds: a retry within the same second waits for the next, or it is a replay. */
async function signature(config: BoxConfig, method: string, path: string, body: Uint8Array) {
  for (;;) {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = await signRequest(config.deviceSecret, config.deviceId, {
      method,
      path,
      timestamp,
      body,
    });
    const value = headers[DEVICE_HEADERS.signature] ?? "";
    if (issued.second !== timestamp) {
      issued.second = timestamp;
      issued.signatures.clear();
    }
    if (!issued.signatures.has(value)) {
      issued.signatures.add(value);
      return headers;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
  }
}

/** What a failed fetch says to the operator: "the Worker cannot be reached (ECONNREFUSED)". */
export function unreachable(error: unknown): string {
  const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
  return `the Worker cannot be reached (${cause ?? (error as Error).message})`;
}

export type SignedBody =
  | { json: unknown }
  | { bytes: Uint8Array<ArrayBuffer>; contentType: string };

type Options = { headers?: Record<string, string>; attempts?: number; timeoutMs?: number };

function encode(body: SignedBody): { bytes: Uint8Array<ArrayBuffer>; type: string } {
  if ("json" in body) {
    return { bytes: new TextEncoder().encode(JSON.stringify(body.json)), type: "application/json" };
  }
  return { bytes: body.bytes, type: body.contentType };
}

/** Signed with the device key: 4xx are final (`UploadError`); network errors, timeouts and 5xx are retried, slower each time. */
export async function signedRequest(
  config: BoxConfig,
  method: "POST" | "PUT",
  path: string,
  body: SignedBody,
  { headers = {}, attempts = 3, timeoutMs = 10_000 }: Options = {},
): Promise<Response> {
  const { bytes, type } = encode(body);
  for (let attempt = 1; ; attempt++) {
    // A fresh signature per attempt: the Worker accepts each one only once.
    const signed = await signature(config, method, path, bytes);
    try {
      const response = await fetch(new URL(path, config.workerUrl), {
        method,
        body: bytes,
        headers: { "Content-Type": type, ...headers, ...signed },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return response;
      const payload = (await response.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null;
      const error = new UploadError(
        response.status,
        payload?.error?.code ?? "unknown",
        payload?.error?.message,
      );
      if (response.status < 500 || attempt >= attempts) throw error;
    } catch (error) {
      if (error instanceof UploadError && error.status < 500) throw error;
      if (attempt >= attempts) {
        throw error instanceof UploadError
          ? error
          : new Error(unreachable(error), { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
  }
}

/** The control socket's URL, signed in its query (WebSocket clients cannot all set headers). */
export async function controlUrl(config: BoxConfig): Promise<string> {
  const path = "/api/ingest/control";
  const signed = await signature(config, "GET", path, new Uint8Array());
  const url = new URL(path, config.workerUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  // No body, so no content hash: the Worker takes an absent one for an empty body.
  url.search = new URLSearchParams({
    device: signed[DEVICE_HEADERS.device] ?? "",
    timestamp: signed[DEVICE_HEADERS.timestamp] ?? "",
    signature: signed[DEVICE_HEADERS.signature] ?? "",
  }).toString();
  return url.toString();
}
