import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { isShareCard, jpegFrame } from "#app/.server/files/jpeg.ts";
import {
  factsFitDay,
  registerTimelapse,
  startTimelapse,
  timelapseDayOf,
} from "#app/.server/timelapse/receive-timelapse.ts";
import {
  doneParts,
  putVersion,
  storePart,
  type Upload,
} from "#app/.server/uploads/upload-store.ts";
import { PART_SIZE } from "#app/features/uploads/upload-limits.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import {
  MAX_POSTER_BYTES,
  type OpenTimelapse,
  timelapseFactsSchema,
  timelapseStartSchema,
} from "#protocol/timelapse-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import {
  answerCompletion,
  partParam,
  refusePart,
  type UploadWording,
  withUpload,
} from "./resumable-upload.ts";
import { type IngestEnv, signedByBox } from "./signed-by-box.ts";
import { workerScopeOf } from "./types.ts";

type TimelapseEnv = IngestEnv & { Variables: IngestEnv["Variables"] & { upload: Upload } };

const JSON_BYTES = 4096;
const badBody = rejectInvalid(400, "invalid_body");

function parseSigned<T extends z.ZodType>(schema: T, body: Uint8Array) {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    json = undefined;
  }
  return schema.safeParse(json);
}

const wording: UploadWording = {
  notFound: "No such film upload",
  whole: "film",
  refused: {
    unsupported_content: "The film is not an MP4 video",
    not_whole: "The film or its poster is not whole",
    location_data: "The film tells where it was taken",
  },
  missing: {
    parts_missing: "Parts of this film are missing",
    versions_missing: "The poster of this film is missing",
  },
};

const noSuchTimelapse = (c: Context) => apiError(c, 404, "not_found", wording.notFound);
const withTimelapse = withUpload(["timelapse"], wording);

const openTimelapse = (upload: Upload, doneParts: number[]): OpenTimelapse => ({
  id: upload.id,
  partSize: upload.partSize,
  doneParts,
});

export const timelapseRoutes = new Hono<TimelapseEnv>()
  .post("/", signedByBox(JSON_BYTES), async (c) => {
    const parsed = parseSigned(timelapseStartSchema, c.var.body);
    if (!parsed.success) return badBody(parsed, c);
    const { day } = parsed.data;
    const today = lakeDate(Date.now());
    const oldest = addDays(today, -c.var.config.TIMELAPSE_RETENTION_DAYS);
    if (day >= today || day < oldest) {
      return apiError(c, 422, "invalid_day", `A film shows a past day since ${oldest}`);
    }
    const upload = await startTimelapse(c.var.db, c.env.MEDIA, parsed.data);
    return c.json(openTimelapse(upload, await doneParts(c.var.db, upload.id)), 201);
  })
  .put(
    "/:id/parts/:n",
    signedByBox(PART_SIZE),
    withTimelapse,
    zValidator("param", partParam, badBody),
    async (c) => {
      const { upload, body } = c.var;
      const { n } = c.req.valid("param");
      const refused = refusePart(c, upload, n, body.byteLength, wording);
      if (refused) return refused;
      const stored = await storePart(c.var.db, c.env.MEDIA, upload, n, body.slice().buffer);
      return stored ? c.body(null, 204) : noSuchTimelapse(c);
    },
  )
  .put("/:id/poster", signedByBox(MAX_POSTER_BYTES), withTimelapse, async (c) => {
    if (!jpegFrame(c.var.body)) {
      return apiError(c, 415, "not_jpeg", "The poster must be one whole JPEG");
    }
    const { upload, body } = c.var;
    const stored = await putVersion(c.var.db, c.env.MEDIA, upload, upload.thumbnailKey, body);
    return stored ? c.body(null, 204) : noSuchTimelapse(c);
  })
  .put("/:id/card", signedByBox(SHARE_CARD.maxBytes), withTimelapse, async (c) => {
    const { upload, body } = c.var;
    // An upload opened before the cards has no key for one: the film goes with its poster.
    if (!upload.cardKey) return apiError(c, 409, "no_card", "This film upload takes no card");
    if (!isShareCard(body)) {
      const { width, height } = SHARE_CARD;
      return apiError(
        c,
        422,
        "implausible_version",
        `The card must be one whole JPEG of ${width}×${height} pixels`,
      );
    }
    const stored = await putVersion(c.var.db, c.env.MEDIA, upload, upload.cardKey, body);
    return stored ? c.body(null, 204) : noSuchTimelapse(c);
  })
  .post("/:id/complete", signedByBox(JSON_BYTES), withTimelapse, async (c) => {
    const parsed = parseSigned(timelapseFactsSchema, c.var.body);
    if (!parsed.success) return badBody(parsed, c);
    const { upload } = c.var;
    if (!factsFitDay(parsed.data, timelapseDayOf(upload))) {
      return apiError(c, 422, "invalid_day", `The film must show ${timelapseDayOf(upload)}`);
    }
    const result = await registerTimelapse(workerScopeOf(c), upload, parsed.data);
    return answerCompletion(c, result, wording);
  });
