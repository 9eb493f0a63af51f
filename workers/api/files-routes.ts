import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { findPublishedFile } from "#app/.server/gallery/published-media.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import { serveObject } from "./serve-object.ts";
import type { ApiEnv } from "./types.ts";

/** Keys are written once (random since ADR 013, content hashes before): a URL's bytes never change. */
const FILE_KEY_PATTERN = /^media\/[a-f0-9]{64}\.(?:jpg|mp4|mov)$/;
const keyParam = z.object({ key: z.string().regex(FILE_KEY_PATTERN) });

/** Links shared before the media host (ADR 008); pages link the public bucket's URLs. */
export const filesRoutes = new Hono<ApiEnv>().get(
  "/:key{.+}",
  zValidator("param", keyParam, rejectInvalid(404, "not_found", "No such file")),
  async (c) => {
    const { key } = c.req.valid("param");
    const file = await findPublishedFile(c.var.db, key);
    if (!file) return apiError(c, 404, "not_found", "No such file");
    return serveObject(c, c.env.MEDIA, key, () => ({
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
    }));
  },
);
