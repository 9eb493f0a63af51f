import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { isMpegTs } from "~/.server/stream/mpeg-ts";
import { STILL_KEY } from "~/.server/stream/playlist";
import { checkStill } from "~/.server/stream/still";
import { MAX_SEGMENT_BYTES, MAX_STILL_BYTES, segmentParams } from "../../protocol/camera-box.ts";
import { cameraStream } from "../durable-objects/camera-stream";
import { apiError, rejectInvalid } from "./errors";
import { films } from "./ingest-films";
import { type IngestEnv, signedByBox } from "./signed-by-box";

// ffmpeg's EXTINF; the box's segments are about 2 s.
const segmentHeaders = z.object({
  "x-segment-duration": z.coerce.number().min(0.1).max(10),
});

export const ingest = new Hono<IngestEnv>()
  .route("/films", films)
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
