import { createMiddleware } from "hono/factory";
import { readBody } from "~/.server/read-body";
import { checkClaim, DEVICE_HEADERS, verifySignature } from "../../protocol/device-signature.ts";
import { cameraStream } from "../durable-objects/camera-stream";
import { apiError } from "./errors";
import type { ApiEnv } from "./types";

export type IngestEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { body: Uint8Array } };

/** Headers are checked before any body is read. The control socket may use query parameters. */
export function signedByBox(maxBytes: number) {
  return createMiddleware<IngestEnv>(async (c, next) => {
    const claimed = {
      deviceId: c.req.header(DEVICE_HEADERS.device) ?? c.req.query("device") ?? null,
      timestamp: c.req.header(DEVICE_HEADERS.timestamp) ?? c.req.query("timestamp") ?? null,
      signature: c.req.header(DEVICE_HEADERS.signature) ?? c.req.query("signature") ?? null,
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

    const claim = checkClaim(expected, claimed);
    if (!claim.ok) return refuse(claim.code);
    const body = await readBody(c.req.raw, maxBytes);
    if (!body) return apiError(c, 413, "too_large", `Uploads here are at most ${maxBytes} bytes`);
    const check = await verifySignature(expected, claimed, {
      method: c.req.method,
      path: c.req.path,
      body,
    });
    if (!check.ok) return refuse(check.code);
    // Only a verified signature is remembered: a forgery cannot burn the box's next request.
    const fresh = await cameraStream(c.env, config.CAMERA_DEVICE_ID).claimNonce(
      claimed.signature ?? "",
    );
    if (!fresh) return apiError(c, 401, "replayed_request", "This signature was already used");
    c.set("body", body);
    await next();
  });
}
