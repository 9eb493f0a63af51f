import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { readBody } from "~/.server/read-body";
import { isMpegTs } from "~/.server/stream/mpeg-ts";
import { STILL_KEY } from "~/.server/stream/playlist";
import { checkStill } from "~/.server/stream/still";
import { MAX_SEGMENT_BYTES, MAX_STILL_BYTES, segmentParams } from "../../protocol/camera-box.ts";
import { checkClaim, DEVICE_HEADERS, verifySignature } from "../../protocol/device-signature.ts";
import { cameraStream } from "../durable-objects/camera-stream";
import { apiError, rejectInvalid } from "./errors";
import type { ApiEnv } from "./types";

type IngestEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { body: Uint8Array } };

/** Headers are checked before any body is read. The control socket may use query parameters. */
function signedByBox(maxBytes: number) {
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

// ffmpeg's EXTINF; the box's segments are about 2 s.
const segmentHeaders = z.object({
  "x-segment-duration": z.coerce.number().min(0.1).max(10),
});

export const ingest = new Hono<IngestEnv>()
  .get("/control", signedByBox(0), (c) => {
    if (c.req.header("Upgrade") !== "websocket") {
      return apiError(c, 426, "upgrade_required", "The control channel is a WebSocket");
    }
    return cameraStream(c.env, c.var.config.CAMERA_DEVICE_ID).fetch(c.req.raw);
  })
  .put(
    "/segments/:epoch/:name",
    signedByBox(MAX_SEGMENT_BYTES),
    zValidator(
      "param",
      segmentParams,
      rejectInvalid(400, "bad_segment_name", "Segments are named N.ts"),
    ),
    zValidator(
      "header",
      segmentHeaders,
      rejectInvalid(400, "bad_duration", "X-Segment-Duration must be 0.1-10 seconds"),
    ),
    async (c) => {
      const { epoch, seq } = c.req.valid("param");
      const body = c.var.body;
      if (!isMpegTs(body)) return apiError(c, 415, "not_mpeg_ts", "Segments must be MPEG-TS");
      const duration = c.req.valid("header")["x-segment-duration"];
      const stored = await cameraStream(c.env, c.var.config.CAMERA_DEVICE_ID).addSegment(
        epoch,
        seq,
        duration,
        body.slice().buffer,
      );
      if (!stored.ok)
        return apiError(c, 409, stored.code, `Segment ${epoch}/${seq}.ts not accepted`);
      return c.body(null, 201);
    },
  )
  .put("/still", signedByBox(MAX_STILL_BYTES), async (c) => {
    const body = c.var.body;
    const still = checkStill(body);
    if (!still.ok && still.code === "not_jpeg") {
      return apiError(c, 415, "not_jpeg", "Stills must be one whole JPEG");
    }
    if (!still.ok) {
      return apiError(
        c,
        422,
        still.code,
        "Stills must be 320×180 to 4096×4096 pixels, 1 kB or more",
      );
    }
    await c.env.MEDIA.put(STILL_KEY, body, {
      httpMetadata: { contentType: "image/jpeg" },
      customMetadata: { takenAt: new Date().toISOString() },
    });
    return c.body(null, 201);
  });
