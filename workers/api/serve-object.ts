import type { Context } from "hono";
import { parseByteRange } from "#app/.server/http/byte-range.ts";
import { evaluatePreconditions, rangeStillApplies } from "#app/.server/http/conditional-request.ts";
import { apiError } from "./errors.ts";

/** An R2 object as a file: ETag/304/412, HEAD, one byte range (206/416); 404 JSON when missing. */
export async function serveObject(
  c: Context,
  bucket: R2Bucket,
  key: string,
  headersOf: (object: R2Object) => Record<string, string>,
): Promise<Response> {
  // A plain GET reads the object once; HEAD and ranges (GET only, RFC 9110) read metadata first.
  const isGet = c.req.method === "GET";
  const rangeHeader = isGet ? c.req.header("Range") : undefined;
  const whole = isGet && !rangeHeader ? await bucket.get(key) : null;
  const object = whole ?? (await bucket.head(key));
  if (!object) return apiError(c, 404, "not_found", "No such file");
  const headers = new Headers({
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
    "Accept-Ranges": "bytes",
  });
  const own = headersOf(object);
  if (own["Cache-Control"]) headers.set("Cache-Control", own["Cache-Control"]);

  const validators = { etag: object.httpEtag, lastModified: object.uploaded };
  const precondition = evaluatePreconditions(c.req.raw.headers, validators);
  if (precondition !== "proceed") await whole?.body.cancel();
  if (precondition === "not-modified") return new Response(null, { status: 304, headers });
  if (precondition === "precondition-failed") {
    c.header("ETag", object.httpEtag);
    return apiError(c, 412, "precondition_failed", "The file does not match the condition");
  }

  for (const [name, value] of Object.entries(own)) headers.set(name, value);
  const applies = rangeHeader !== undefined && rangeStillApplies(c.req.raw.headers, validators);
  const range = applies ? parseByteRange(rangeHeader, object.size) : null;
  if (range === "unsatisfiable") {
    c.header("Content-Range", `bytes */${object.size}`);
    return apiError(c, 416, "range_not_satisfiable", "The requested range is outside the file");
  }
  if (!range) {
    headers.set("Content-Length", String(object.size));
    if (!isGet) return new Response(null, { headers });
    const body = whole ?? (await bucket.get(key));
    if (!body) return apiError(c, 404, "not_found", "No such file");
    return new Response(body.body, { headers });
  }
  const part = await bucket.get(key, { range });
  if (!part) return apiError(c, 404, "not_found", "No such file");
  const end = range.offset + range.length - 1;
  headers.set("Content-Range", `bytes ${range.offset}-${end}/${object.size}`);
  headers.set("Content-Length", String(range.length));
  return new Response(part.body, { status: 206, headers });
}
