import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { STILL_ID_PATTERN } from "~/.server/stills/manage-stills";
import { stillPictureKey } from "~/.server/stills/still-picture";
import { stillVersions } from "../../protocol/daily-content.ts";
import { apiError, rejectInvalid } from "./errors";
import type { ApiEnv } from "./types";

/** `newest.jpg` or `<still id>.jpg`; `v` only tells caches apart (see still-picture.ts). */
const stillParam = z.object({
  file: z
    .string()
    .regex(/\.jpg$/)
    .transform((file) => file.slice(0, -".jpg".length))
    .pipe(z.union([z.literal("newest"), z.string().regex(STILL_ID_PATTERN)])),
});
const versionQuery = z.object({ version: z.enum(stillVersions).optional() });

/**
 * A still's address serves whichever picture it names when asked, so its answer can change
 * (a replaced slot, a deleted newest still): cached for a slot, then revalidated by ETag.
 */
const CACHE_CONTROL = "public, max-age=600";

/** R2 answers an If-None-Match that matched with the object's metadata alone. */
const hasBody = (object: R2Object | R2ObjectBody): object is R2ObjectBody => "body" in object;

export const stillPictures = new Hono<ApiEnv>().get(
  "/:file",
  zValidator("param", stillParam, rejectInvalid(404, "no_still", "No such still")),
  zValidator(
    "query",
    versionQuery,
    rejectInvalid(400, "bad_version", `version must be one of ${stillVersions.join(", ")}`),
  ),
  async (c) => {
    const { file } = c.req.valid("param");
    const key = await stillPictureKey(c.var.db, file, c.req.valid("query").version);
    // Only the revalidation a browser sends: R2 would answer other conditions the same way.
    const ifNoneMatch = c.req.header("If-None-Match");
    const onlyIf = ifNoneMatch ? new Headers({ "If-None-Match": ifNoneMatch }) : undefined;
    const picture = key ? await c.env.MEDIA.get(key, { onlyIf }) : null;
    if (!picture) {
      const gone = file === "newest" ? "The camera has not sent a picture yet" : "No such still";
      return apiError(c, 404, "no_still", gone);
    }
    const headers = { "Cache-Control": CACHE_CONTROL, ETag: picture.httpEtag };
    if (!hasBody(picture)) return c.body(null, 304, headers);
    return c.body(picture.body, 200, { ...headers, "Content-Type": "image/jpeg" });
  },
);
