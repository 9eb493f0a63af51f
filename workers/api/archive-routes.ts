import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { STILL_ID_PATTERN } from "#app/.server/archive/manage-stills.ts";
import { readStillPicture } from "#app/.server/archive/still-picture.ts";
import { evaluatePreconditions } from "#app/.server/http/conditional-request.ts";
import { stillVersions } from "#protocol/still-upload.ts";
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
export const versionQuery = z.object({ version: z.enum(stillVersions).optional() });

/** A replaced slot or a deleted newest still changes the answer: cached a slot, then by ETag. */
const CACHE_CONTROL = "public, max-age=600";

export const archiveRoutes = new Hono<ApiEnv>().get(
  "/:file",
  zValidator("param", stillParam, rejectInvalid(404, "no_still", "No such still")),
  zValidator(
    "query",
    versionQuery,
    rejectInvalid(400, "bad_version", `version must be one of ${stillVersions.join(", ")}`),
  ),
  async (c) => {
    const { file } = c.req.valid("param");
    const picture = await readStillPicture(
      c.var.db,
      c.env.MEDIA,
      file,
      c.req.valid("query").version,
    );
    if (!picture) {
      const gone = file === "newest" ? "The camera has not sent a picture yet" : "No such still";
      return apiError(c, 404, "no_still", gone);
    }
    const validators = { etag: picture.httpEtag, lastModified: picture.uploaded };
    const headers = {
      "Cache-Control": CACHE_CONTROL,
      ETag: validators.etag,
      "Last-Modified": validators.lastModified.toUTCString(),
    };
    const precondition = evaluatePreconditions(c.req.raw.headers, validators);
    if (precondition !== "proceed") await picture.body.cancel();
    if (precondition === "not-modified") return c.body(null, 304, headers);
    if (precondition === "precondition-failed") {
      return apiError(c, 412, "precondition_failed", "The picture does not match the condition");
    }
    return c.body(picture.body, 200, { ...headers, "Content-Type": "image/jpeg" });
  },
);
