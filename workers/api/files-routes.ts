import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { findPublishedFile } from "#app/.server/gallery/published-media.ts";
import { parseByteRange } from "#app/.server/http/byte-range.ts";
import { evaluatePreconditions, rangeStillApplies } from "#app/.server/http/conditional-request.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import type { ApiEnv } from "./types.ts";

/** Keys are 256 random bits, written once: a URL's bytes never change. */
const FILE_KEY_PATTERN = /^media\/[a-f0-9]{64}\.(?:jpg|mp4|mov)$/;
const keyParam = z.object({ key: z.string().regex(FILE_KEY_PATTERN) });

export const filesRoutes = new Hono<ApiEnv>().get(
  "/:key{.+}",
  zValidator("param", keyParam, rejectInvalid(404, "not_found", "No such file")),
  async (c) => {
    const { key } = c.req.valid("param");
    const file = await findPublishedFile(c.var.db, key);
    if (!file) return apiError(c, 404, "not_found", "No such file");

    // A plain GET reads the object once; HEAD and ranges (GET only, RFC 9110) read metadata first.
    const isGet = c.req.method === "GET";
    const rangeHeader = isGet ? c.req.header("Range") : undefined;
    const whole = isGet && !rangeHeader ? await c.env.MEDIA.get(key) : null;
    const object = whole ?? (await c.env.MEDIA.head(key));
    if (!object) return apiError(c, 404, "not_found", "No such file");
    const headers = new Headers({
      ETag: object.httpEtag,
      "Last-Modified": object.uploaded.toUTCString(),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Accept-Ranges": "bytes",
    });

    const validators = { etag: object.httpEtag, lastModified: object.uploaded };
    const precondition = evaluatePreconditions(c.req.raw.headers, validators);
    if (precondition !== "proceed") await whole?.body.cancel();
    if (precondition === "not-modified") return new Response(null, { status: 304, headers });
    if (precondition === "precondition-failed") {
      c.header("ETag", object.httpEtag);
      return apiError(c, 412, "precondition_failed", "The file does not match the condition");
    }

    headers.set("Content-Type", file.contentType);
    const applies = rangeHeader !== undefined && rangeStillApplies(c.req.raw.headers, validators);
    const range = applies ? parseByteRange(rangeHeader, object.size) : null;
    if (range === "unsatisfiable") {
      c.header("Content-Range", `bytes */${object.size}`);
      return apiError(c, 416, "range_not_satisfiable", "The requested range is outside the file");
    }
    if (!range) {
      headers.set("Content-Length", String(object.size));
      if (!isGet) return new Response(null, { headers });
      const body = whole ?? (await c.env.MEDIA.get(key));
      if (!body) return apiError(c, 404, "not_found", "No such file");
      return new Response(body.body, { headers });
    }
    const part = await c.env.MEDIA.get(key, { range });
    if (!part) return apiError(c, 404, "not_found", "No such file");
    const end = range.offset + range.length - 1;
    headers.set("Content-Range", `bytes ${range.offset}-${end}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(part.body, { status: 206, headers });
  },
);
