import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { parseByteRange } from "~/.server/media/byte-range";
import { findPublishedFile } from "~/.server/media/published-media";
import { apiError, rejectInvalid } from "./errors";
import type { ApiEnv } from "./types";

/** Keys are content-addressed (`media/<sha-256>.<ext>`), so a URL's bytes never change. */
export const FILE_KEY_PATTERN = /^media\/[a-f0-9]{64}\.(?:jpg|mp4|mov)$/;
const keyParam = z.object({ key: z.string().regex(FILE_KEY_PATTERN) });

/** Serves the files of published media from R2, with Range, ETag and long caching. */
export const files = new Hono<ApiEnv>().get(
  "/:key{.+}",
  zValidator("param", keyParam, rejectInvalid(404, "not_found", "No such file")),
  async (c) => {
    const { key } = c.req.valid("param");
    const file = await findPublishedFile(c.var.db, key);
    if (!file) return apiError(c, 404, "not_found", "No such file");

    // Ranges are checked against the real size first: only seeking pays for the HEAD.
    const rangeHeader = c.req.header("Range");
    const head = rangeHeader ? await c.env.MEDIA.head(key) : null;
    const range = head ? parseByteRange(rangeHeader, head.size) : null;
    if (range === "unsatisfiable") {
      c.header("Content-Range", `bytes */${head?.size}`);
      return apiError(c, 416, "range_not_satisfiable", "The requested range is outside the file");
    }

    const object = await c.env.MEDIA.get(key, {
      range: range ?? undefined,
      onlyIf: c.req.raw.headers,
    });
    if (!object) return apiError(c, 404, "not_found", "No such file");
    const headers = new Headers({
      "Content-Type": file.contentType,
      ETag: object.httpEtag,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Accept-Ranges": "bytes",
    });
    if (!("body" in object)) return new Response(null, { status: 304, headers });
    if (!range) {
      headers.set("Content-Length", String(object.size));
      return new Response(object.body, { headers });
    }
    const end = range.offset + range.length - 1;
    headers.set("Content-Range", `bytes ${range.offset}-${end}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  },
);
