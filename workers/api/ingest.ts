import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { isJpeg, isMpegTs } from "~/.server/stream/mpeg-ts";
import { STILL_KEY } from "~/.server/stream/playlist";
import { MAX_SEGMENT_BYTES, MAX_STILL_BYTES, segmentParams } from "../../protocol/camera-box.ts";
import { DEVICE_HEADERS, verifySignature } from "../../protocol/device-signature.ts";
import { cameraStream } from "../durable-objects/camera-stream";
import { apiError, rejectInvalid } from "./errors";
import type { ApiEnv } from "./types";

type IngestEnv = ApiEnv & { Variables: ApiEnv["Variables"] & { body: Uint8Array } };

/**
 * Every box request: device id, HMAC over method, path, timestamp and body hash within
 * 300 s, and each signature used once. The control socket cannot send headers from every
 * client library, so it may carry the same values as query parameters.
 */
const deviceAuth = createMiddleware<IngestEnv>(async (c, next) => {
  // Uploads must declare their size, so an unauthenticated client cannot make the isolate
  // buffer an unbounded body before the signature is even looked at.
  const length = c.req.header("Content-Length");
  if (c.req.method !== "GET" && length === undefined) {
    return apiError(c, 411, "length_required", "Uploads must declare Content-Length");
  }
  if (Number(length ?? 0) > MAX_SEGMENT_BYTES) {
    return apiError(c, 413, "too_large", "Upload too large");
  }
  const body = new Uint8Array(await c.req.arrayBuffer());
  if (body.length > MAX_SEGMENT_BYTES) return apiError(c, 413, "too_large", "Upload too large");
  const claimed = {
    deviceId: c.req.header(DEVICE_HEADERS.device) ?? c.req.query("device") ?? null,
    timestamp: c.req.header(DEVICE_HEADERS.timestamp) ?? c.req.query("timestamp") ?? null,
    signature: c.req.header(DEVICE_HEADERS.signature) ?? c.req.query("signature") ?? null,
  };
  const { config } = c.var;
  const check = await verifySignature(
    { deviceId: config.CAMERA_DEVICE_ID, secret: config.CAMERA_DEVICE_SECRET, now: Date.now() },
    claimed,
    { method: c.req.method, path: c.req.path, body },
  );
  if (!check.ok) {
    const status = check.code === "unknown_device" ? 403 : 401;
    return apiError(c, status, check.code, "The device signature was not accepted");
  }
  const fresh = await cameraStream(c.env, config.CAMERA_DEVICE_ID).claimNonce(
    claimed.signature ?? "",
  );
  if (!fresh) return apiError(c, 401, "replayed_request", "This signature was already used");
  c.set("body", body);
  await next();
});

// ffmpeg's EXTINF; the box's segments are about 2 s.
const segmentHeaders = z.object({
  "x-segment-duration": z.coerce.number().min(0.1).max(10),
});

/** The camera box: control socket, segment and still uploads. */
export const ingest = new Hono<IngestEnv>()
  .use(deviceAuth)
  .get("/control", (c) => {
    if (c.req.header("Upgrade") !== "websocket") {
      return apiError(c, 426, "upgrade_required", "The control channel is a WebSocket");
    }
    return cameraStream(c.env, c.var.config.CAMERA_DEVICE_ID).fetch(c.req.raw);
  })
  .put(
    "/segments/:epoch/:name",
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
  .put("/still", async (c) => {
    const body = c.var.body;
    if (body.length > MAX_STILL_BYTES) return apiError(c, 413, "too_large", "Still too large");
    if (!isJpeg(body)) return apiError(c, 415, "not_jpeg", "Stills must be JPEG");
    await c.env.MEDIA.put(STILL_KEY, body, {
      httpMetadata: { contentType: "image/jpeg" },
      customMetadata: { takenAt: new Date().toISOString() },
    });
    return c.body(null, 201);
  });
