import { createMiddleware } from "hono/factory";
import { readBody } from "#app/.server/http/read-body.ts";
import { bodyMatches, DEVICE_HEADERS, verifySignature } from "#protocol/device-signature.ts";
import { cameraStream } from "#workers/durable-objects/camera-stream.ts";
import { apiError } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

export type IngestEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { body: Uint8Array } };

/** Checked from the headers before any body is read: a stranger costs their bandwidth, not ours. */
export function signedByBox(maxBytes: number) {
  return createMiddleware<IngestEnv>(async (c, next) => {
    const claimed = {
      deviceId: c.req.header(DEVICE_HEADERS.device) ?? c.req.query("device") ?? null,
      timestamp: c.req.header(DEVICE_HEADERS.timestamp) ?? c.req.query("timestamp") ?? null,
      signature: c.req.header(DEVICE_HEADERS.signature) ?? c.req.query("signature") ?? null,
      contentSha256: c.req.header(DEVICE_HEADERS.contentSha256) ?? null,
    };
    const { config } = c.var;
    const expected = {
      deviceId: config.CAMERA_DEVICE_ID,
      secret: config.CAMERA_DEVICE_SECRET,
      now: Date.now(),
    };
    const refuse = (code: string) =>
      apiError(
        c,
        code === "unknown_device" ? 403 : 401,
        code,
        "The device signature was not accepted",
      );

    const check = await verifySignature(expected, claimed, {
      method: c.req.method,
      path: c.req.path,
    });
    if (!check.ok) return refuse(check.code);
    const body = await readBody(c.req.raw, maxBytes);
    if (!body) return apiError(c, 413, "too_large", `Uploads here are at most ${maxBytes} bytes`);
    if (!(await bodyMatches(claimed, body))) return refuse("bad_signature");
    // Only a request verified whole burns its nonce: replayed headers cannot block the real one.
    const fresh = await cameraStream(c.env, config.CAMERA_DEVICE_ID).claimNonce(
      claimed.signature ?? "",
    );
    if (!fresh) return apiError(c, 401, "replayed_request", "This signature was already used");
    c.set("body", body);
    await next();
  });
}
