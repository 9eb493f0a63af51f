import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { STILL_ID_PATTERN } from "#app/.server/archive/manage-stills.ts";
import { storedFiles } from "#app/.server/archive/still-keys.ts";
import { readStillPicture } from "#app/.server/archive/still-picture.ts";
import { evaluatePreconditions } from "#app/.server/http/conditional-request.ts";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { MINUTE_MS, SECOND_MS } from "#time/durations.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

/** `newest.jpg` or `<still id>.jpg`; `v` only tells caches apart (see still-picture.ts). */
const stillParam = z.object({
  file: z
    .string()
    .regex(/\.jpg$/)
    .transform((file) => file.slice(0, -".jpg".length))
    .pipe(z.union([z.literal("newest"), z.string().regex(STILL_ID_PATTERN)])),
});
export const versionQuery = z.object({ version: z.enum(storedFiles).optional() });

/** A replaced slot or a deleted still changes the answer: cached a slot, then by ETag. */
const ARCHIVED_CACHE_CONTROL = `public, max-age=${STILL_SLOT_MS / SECOND_MS}`;
/** The box sends a still on each slot's boundary; its upload may take this long. */
const UPLOAD_GRACE_MS = 30 * SECOND_MS;

/** Cached until the next still is due, then a minute at a time while the box is late: never an old picture. */
function newestCacheControl(takenAt: Date, now = Date.now()): string {
  const due = takenAt.getTime() + STILL_SLOT_MS + UPLOAD_GRACE_MS;
  return `public, max-age=${Math.ceil(Math.max(MINUTE_MS, due - now) / SECOND_MS)}`;
}

export const archiveRoutes = new Hono<ApiEnv>().get(
  "/:file",
  zValidator("param", stillParam, rejectInvalid(404, "no_still", "No such still")),
  zValidator(
    "query",
    versionQuery,
    rejectInvalid(400, "bad_version", `version must be one of ${storedFiles.join(", ")}`),
  ),
  async (c) => {
    const { file } = c.req.valid("param");
    const picture = await readStillPicture(
      c.var.db,
      c.env.MEDIA,
      file,
      c.req.valid("query").version,
      c.req.header("Range"),
    );
    if (picture === "unsatisfiable") {
      return apiError(c, 416, "range_not_satisfiable", "The requested range is outside the file");
    }
    if (!picture) {
      const gone = file === "newest" ? "The camera has not sent a picture yet" : "No such still";
      return apiError(c, 404, "no_still", gone);
    }
    // Last-Modified is the moment the picture shows, whenever it reached R2.
    const validators = { etag: picture.object.httpEtag, lastModified: picture.takenAt };
    const headers = {
      "Cache-Control":
        file === "newest" ? newestCacheControl(picture.takenAt) : ARCHIVED_CACHE_CONTROL,
      ETag: validators.etag,
      "Last-Modified": validators.lastModified.toUTCString(),
    };
    const precondition = evaluatePreconditions(c.req.raw.headers, validators);
    if (precondition !== "proceed") await picture.object.body.cancel();
    if (precondition === "not-modified") return c.body(null, 304, headers);
    if (precondition === "precondition-failed") {
      return apiError(c, 412, "precondition_failed", "The picture does not match the condition");
    }
    const contentType = picture.object.httpMetadata?.contentType ?? "image/jpeg";
    const { range, size } = picture;
    if (!range)
      return c.body(picture.object.body, 200, { ...headers, "Content-Type": contentType });
    return c.body(picture.object.body, 206, {
      ...headers,
      "Content-Type": contentType,
      "Content-Range": `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`,
    });
  },
);
