import { DEVICE_HEADERS, signRequest } from "../protocol/device-signature.ts";
import type { BoxConfig } from "./config.ts";

export class UploadError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string) {
    super(`upload refused: ${status} ${code}`);
    this.status = status;
    this.code = code;
  }
}

async function signature(config: BoxConfig, method: string, path: string, body: Uint8Array) {
  const timestamp = Math.floor(Date.now() / 1000);
  const value = await signRequest(config.deviceSecret, { method, path, timestamp, body });
  return { deviceId: config.deviceId, timestamp: String(timestamp), signature: value };
}

/** A signed PUT to the Worker; 4xx answers are final, network errors and 5xx are retried. */
export async function signedPut(
  config: BoxConfig,
  path: string,
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  attempts = 3,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    // A fresh signature per attempt: the Worker accepts each one only once.
    const signed = await signature(config, "PUT", path, body);
    try {
      const response = await fetch(new URL(path, config.workerUrl), {
        method: "PUT",
        body,
        headers: {
          ...headers,
          [DEVICE_HEADERS.device]: signed.deviceId,
          [DEVICE_HEADERS.timestamp]: signed.timestamp,
          [DEVICE_HEADERS.signature]: signed.signature,
        },
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return;
      const payload = (await response.json().catch(() => null)) as {
        error?: { code?: string };
      } | null;
      const error = new UploadError(response.status, payload?.error?.code ?? "unknown");
      if (response.status < 500 || attempt >= attempts) throw error;
    } catch (error) {
      if (error instanceof UploadError && error.status < 500) throw error;
      if (attempt >= attempts) throw error;
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
  url.search = new URLSearchParams({
    device: signed.deviceId,
    timestamp: signed.timestamp,
    signature: signed.signature,
  }).toString();
  return url.toString();
}
