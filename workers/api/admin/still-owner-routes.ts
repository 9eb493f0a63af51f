import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import {
  deleteStill,
  STILL_ID_PATTERN,
  setBestOf,
  settleStillTexts,
} from "#app/.server/archive/manage-stills.ts";
import type {
  BestOfAnswer,
  DeletedStill,
  StillTextsAnswer,
} from "#app/features/archive/archive-api.ts";
import { apiError, rejectInvalid } from "#workers/api/errors.ts";
import type { OwnerEnv } from "#workers/api/require-owner.ts";
import { workerScopeOf } from "#workers/api/types.ts";

const idParam = z.object({ id: z.string().regex(STILL_ID_PATTERN) });
const notFound = rejectInvalid(404, "not_found", "No such still");
/** Best of, or the owner's word on its automatic texts: keep them as checked or remove them. */
const stillBody = z.union([
  z.strictObject({ bestOf: z.boolean() }),
  z.strictObject({ texts: z.enum(["keep", "remove"]) }),
]);

export const stillOwnerRoutes = new Hono<OwnerEnv>()
  .patch(
    "/:id",
    zValidator("param", idParam, notFound),
    zValidator(
      "json",
      stillBody,
      rejectInvalid(
        400,
        "invalid_still",
        'Send { bestOf: boolean } or { texts: "keep" | "remove" }',
      ),
    ),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      const found =
        "bestOf" in body
          ? await setBestOf(c.var.db, id, body.bestOf)
          : await settleStillTexts(c.var.db, id, body.texts === "keep");
      if (!found) return apiError(c, 404, "not_found", "No such still");
      return c.json(
        "bestOf" in body
          ? ({ id, bestOf: body.bestOf } satisfies BestOfAnswer)
          : ({ id, texts: body.texts } satisfies StillTextsAnswer),
      );
    },
  )
  .delete("/:id", zValidator("param", idParam, notFound), async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteStill(workerScopeOf(c), id);
    if (deleted === 0) return apiError(c, 404, "not_found", "No such still");
    return c.json({ deleted: id } satisfies DeletedStill);
  });
