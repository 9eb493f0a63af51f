import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { archiveStill } from "#app/.server/archive/archive-still.ts";
import { readStillUpload } from "#app/.server/archive/received-still.ts";
import { takenAtHeaders } from "#app/.server/archive/slots.ts";
import { MAX_SEGMENT_BYTES, segmentParams } from "#protocol/camera-box.ts";
import { checkSegment } from "#protocol/mpeg-ts.ts";
import {
  MAX_STILL_REQUEST_BYTES,
  STILL_BACKFILL_HOURS,
  STILL_TAKEN_AT_HEADER,
} from "#protocol/still-upload.ts";
import { cameraStream } from "#workers/durable-objects/camera-stream.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import { type IngestEnv, signedByBox } from "./signed-by-box.ts";
import { timelapseRoutes } from "./timelapse-routes.ts";

// ffmpeg's EXTINF; the box's segments are about 2 s.
const segmentHeaders = z.object({
  "x-segment-duration": z.coerce.number().min(0.1).max(10),
});

export const ingestRoutes = new Hono<IngestEnv>()
  .route("/films", timelapseRoutes)
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
      const content = checkSegment(body);
      if (!content.ok) {
        return apiError(c, 415, "not_mpeg_ts", `Not a whole MPEG-TS segment: ${content.reason}`);
      }
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
  .put(
    "/still",
    signedByBox(MAX_STILL_REQUEST_BYTES),
    zValidator(
      "header",
      takenAtHeaders,
      rejectInvalid(
        400,
        "bad_taken_at",
        `${STILL_TAKEN_AT_HEADER} must be an ISO time, not in the future, at most ${STILL_BACKFILL_HOURS} hours old`,
      ),
    ),
    async (c) => {
      const read = await readStillUpload(c.req.header("Content-Type"), c.var.body);
      if (!read.ok) {
        const { status, code, message } = read.refusal;
        return apiError(c, status, code, message);
      }
      const { upload } = read;
      const now = Date.now();
      const takenAt = Math.min(c.req.valid("header")["x-taken-at"] ?? now, now);
      await archiveStill(c.var.db, c.env, { ...upload, takenAt, now });
      return c.body(null, 201);
    },
  );
