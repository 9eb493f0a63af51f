import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { factsFitDay, filmDayOf, registerFilm, startFilm } from "~/.server/films/camera-films";
import { jpegFrame } from "~/.server/stream/still";
import { doneParts, findUpload, putVersion, storePart, type Upload } from "~/.server/uploads/store";
import { PART_SIZE, partCount, partLength } from "~/lib/uploads/limits";
import { lakeDate } from "~/lib/weather-view";
import { addDays } from "../../protocol/calendar-day.ts";
import {
  filmFactsSchema,
  filmStartSchema,
  MAX_POSTER_BYTES,
  type OpenFilm,
} from "../../protocol/daily-content.ts";
import { apiError, rejectInvalid } from "./errors";
import { type IngestEnv, signedByBox } from "./signed-by-box";

type FilmEnv = IngestEnv & { Variables: IngestEnv["Variables"] & { upload: Upload } };

const JSON_BYTES = 4096;
const badBody = rejectInvalid(400, "invalid_body");
const partParam = z.object({ n: z.coerce.number().int().min(1).max(10_000) });

/** The signed body was read whole to check its signature, so it is parsed from those bytes. */
function parseSigned<T extends z.ZodType>(schema: T, body: Uint8Array) {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    json = undefined;
  }
  return schema.safeParse(json);
}

const noSuchFilm = (c: Context) => apiError(c, 404, "not_found", "No such film upload");

const withFilm = createMiddleware<FilmEnv>(async (c, next) => {
  const id = c.req.param("id") ?? "";
  const upload = /^[a-f0-9]{32}$/.test(id)
    ? await findUpload(c.var.db, id, ["timelapse"])
    : undefined;
  if (!upload) return noSuchFilm(c);
  c.set("upload", upload);
  await next();
});

/** What the box parses with `openFilmSchema`. */
const openFilm = (upload: Upload, doneParts: number[]): OpenFilm => ({
  id: upload.id,
  partSize: upload.partSize,
  doneParts,
});

/** The nightly film (ADR 016) by the admin's resumable multipart upload, signed by the box (ADR 013). */
export const films = new Hono<FilmEnv>()
  .post("/", signedByBox(JSON_BYTES), async (c) => {
    const parsed = parseSigned(filmStartSchema, c.var.body);
    if (!parsed.success) return badBody(parsed, c);
    const { day } = parsed.data;
    const today = lakeDate(Date.now());
    const oldest = addDays(today, -c.var.config.TIMELAPSE_RETENTION_DAYS);
    if (day >= today || day < oldest) {
      return apiError(c, 422, "invalid_day", `A film shows a past day since ${oldest}`);
    }
    const upload = await startFilm(c.var.db, c.env.MEDIA, parsed.data);
    return c.json(openFilm(upload, await doneParts(c.var.db, upload.id)), 201);
  })
  .put(
    "/:id/parts/:n",
    signedByBox(PART_SIZE),
    withFilm,
    zValidator("param", partParam, badBody),
    async (c) => {
      const { upload, body } = c.var;
      const { n } = c.req.valid("param");
      if (n > partCount(upload.byteSize)) {
        return apiError(c, 400, "invalid_part", `The film has ${partCount(upload.byteSize)} parts`);
      }
      const expected = partLength(upload.byteSize, n);
      if (body.byteLength !== expected) {
        return apiError(c, 400, "invalid_part", `Part ${n} must be exactly ${expected} bytes`);
      }
      const stored = await storePart(c.var.db, c.env.MEDIA, upload, n, body.slice().buffer);
      return stored ? c.body(null, 204) : noSuchFilm(c);
    },
  )
  .put("/:id/poster", signedByBox(MAX_POSTER_BYTES), withFilm, async (c) => {
    if (!jpegFrame(c.var.body)) {
      return apiError(c, 415, "not_jpeg", "The poster must be one whole JPEG");
    }
    const { upload, body } = c.var;
    const stored = await putVersion(c.var.db, c.env.MEDIA, upload, upload.thumbnailKey, body);
    return stored ? c.body(null, 204) : noSuchFilm(c);
  })
  .post("/:id/complete", signedByBox(JSON_BYTES), withFilm, async (c) => {
    const parsed = parseSigned(filmFactsSchema, c.var.body);
    if (!parsed.success) return badBody(parsed, c);
    const { upload } = c.var;
    if (!factsFitDay(parsed.data, filmDayOf(upload))) {
      return apiError(c, 422, "invalid_day", `The film must show ${filmDayOf(upload)}`);
    }
    const result = await registerFilm(c.var.db, c.env.MEDIA, upload, parsed.data);
    if (result.ok) return c.json({ id: result.mediaId }, 201);
    // Discarded while it was being completed: as if the discard had come first.
    if (result.reason === "discarded") return apiError(c, 404, "not_found", "No such film upload");
    if (result.reason === "rejected") {
      return apiError(c, 422, "unsupported_content", "The film is not an MP4 video");
    }
    const what = result.reason === "parts_missing" ? "Parts" : "The poster";
    return apiError(c, 409, result.reason, `${what} of this film are missing`);
  });
