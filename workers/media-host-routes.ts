import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { rejectInvalid } from "#workers/api/errors.ts";
import { serveObject } from "#workers/api/serve-object.ts";
import type { ApiEnv } from "#workers/api/types.ts";

/** The bucket holds only what visitors may get: its keys are served as they are. */
const PUBLIC_KEY_PATTERN = /^[a-z]+\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,4}$/;
const keyParam = z.object({ key: z.string().max(200).regex(PUBLIC_KEY_PATTERN) });

/** The public bucket at /media when no media host is set (local runs, tests; ADR 008). */
export const mediaHostRoutes = new Hono<ApiEnv>().get(
  "/:key{.+}",
  zValidator("param", keyParam, rejectInvalid(404, "not_found", "No such file")),
  (c) =>
    serveObject(c, c.env.PUBLIC_MEDIA, c.req.valid("param").key, (object) => ({
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      ...(object.httpMetadata?.cacheControl
        ? { "Cache-Control": object.httpMetadata.cacheControl }
        : {}),
    })),
);
