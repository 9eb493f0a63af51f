import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  deleteMany,
  getAdminMedia,
  listMatching,
  toAdminItem,
  updateMany,
  updateMedia,
} from "#app/.server/gallery/admin-media.ts";
import { listMedia, listQuery, matchQuery } from "#app/.server/gallery/list-media.ts";
import { MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { aiModel } from "#app/.server/translate/model.ts";
import { TranslationError, translateTexts } from "#app/.server/translate/translate.ts";
import { mediaTypes } from "#app/features/gallery/media.ts";
import {
  type AdminMediaItem,
  type AdminMediaPage,
  type BulkOutcome,
  type DeletedItem,
  MAX_BULK_ITEMS,
  MAX_SELECTION,
  type MatchingItems,
  mediaFieldsPatch,
  mediaStatuses,
  type Translations,
  translateRequest,
} from "#app/features/gallery/media-fields.ts";
import { apiError, rejectInvalid } from "#workers/api/errors.ts";
import type { OwnerEnv } from "#workers/api/require-owner.ts";
import { workerScopeOf } from "#workers/api/types.ts";

const mediaId = z.string().regex(MEDIA_ID_PATTERN, "unknown media id");
const idParam = z.object({ id: mediaId });

/** Five languages of the longest texts fit several times over; anything bigger is not ours. */
const MAX_BODY_BYTES = 64 * 1024;

const bulkRequest = z.strictObject({
  ids: z
    .array(mediaId)
    .min(1)
    .max(MAX_BULK_ITEMS)
    .refine((ids) => new Set(ids).size === ids.length, "ids must not repeat"),
  action: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("delete") }),
    z.strictObject({ kind: z.literal("status"), status: z.enum(mediaStatuses) }),
    z.strictObject({ kind: z.literal("type"), type: z.enum(mediaTypes) }),
  ]),
});

const notFound = rejectInvalid(404, "not_found", "No such media item");

export const contentRoutes = new Hono<OwnerEnv>()
  .use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => apiError(c, 413, "too_large", "The request body is too large"),
    }),
  )
  .get("/", zValidator("query", listQuery, rejectInvalid(400, "invalid_query")), async (c) => {
    const filters = { ...c.req.valid("query"), lang: c.var.locale };
    const { rows, nextCursor } = await listMedia(c.var.db, filters, { owner: true });
    return c.json({ items: rows.map(toAdminItem), nextCursor } satisfies AdminMediaPage);
  })
  .get(
    "/matching",
    zValidator("query", matchQuery, rejectInvalid(400, "invalid_query")),
    async (c) => {
      const items = await listMatching(c.var.db, { ...c.req.valid("query"), lang: c.var.locale });
      if (!items) {
        return apiError(c, 422, "too_many", `More than ${MAX_SELECTION} items match`);
      }
      return c.json({ items } satisfies MatchingItems);
    },
  )
  .get("/:id", zValidator("param", idParam, notFound), async (c) => {
    const row = await getAdminMedia(c.var.db, c.req.valid("param").id);
    if (!row) return apiError(c, 404, "not_found", "No such media item");
    return c.json(toAdminItem(row) satisfies AdminMediaItem);
  })
  .get("/:id/thumbnail", zValidator("param", idParam, notFound), async (c) => {
    const row = await getAdminMedia(c.var.db, c.req.valid("param").id);
    const object = row ? await c.env.MEDIA.get(row.thumbnailKey) : null;
    if (!object) return apiError(c, 404, "not_found", "No such media item");
    return new Response(object.body, {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Length": String(object.size),
        // An item's thumbnail never changes; only this browser may keep it.
        "Cache-Control": "private, max-age=3600",
      },
    });
  })
  .patch(
    "/:id",
    zValidator("param", idParam, notFound),
    zValidator("json", mediaFieldsPatch, rejectInvalid(400, "invalid_fields")),
    async (c) => {
      const row = await updateMedia(workerScopeOf(c), c.req.valid("param").id, c.req.valid("json"));
      if (!row) return apiError(c, 404, "not_found", "No such media item");
      return c.json(toAdminItem(row) satisfies AdminMediaItem);
    },
  )
  .delete("/:id", zValidator("param", idParam, notFound), async (c) => {
    const { id } = c.req.valid("param");
    const { done } = await deleteMany(workerScopeOf(c), [id]);
    if (done.length === 0) return apiError(c, 404, "not_found", "No such media item");
    return c.json({ deleted: id } satisfies DeletedItem);
  })
  .post("/bulk", zValidator("json", bulkRequest, rejectInvalid(400, "invalid_bulk")), async (c) => {
    const { ids, action } = c.req.valid("json");
    const scope = workerScopeOf(c);
    const result =
      action.kind === "delete"
        ? await deleteMany(scope, ids)
        : await updateMany(
            scope,
            ids,
            action.kind === "status" ? { status: action.status } : { type: action.type },
          );
    return c.json(result satisfies BulkOutcome);
  })
  .post(
    "/translate",
    zValidator("json", translateRequest, rejectInvalid(400, "invalid_translation")),
    async (c) => {
      const { from, to, texts } = c.req.valid("json");
      if (!texts.title && !texts.description && texts.tags.length === 0) {
        return apiError(c, 400, "nothing_to_translate", `No text in ${from} to translate`);
      }
      try {
        const model = aiModel(c.env, c.var.config);
        const translations: Translations = await translateTexts(model, from, to, texts);
        return c.json({ translations });
      } catch (error) {
        if (!(error instanceof TranslationError)) throw error;
        console.error("translate:", error.message, error.cause ?? "");
        return apiError(c, 502, "translation_failed", "Translation failed");
      }
    },
  );
