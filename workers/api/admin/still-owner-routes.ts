import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { deleteStill, STILL_ID_PATTERN, setBestOf } from "#app/.server/archive/manage-stills.ts";
import type { BestOfAnswer, DeletedStill } from "#app/features/archive/archive-api.ts";
import { apiError, rejectInvalid } from "#workers/api/errors.ts";
import type { OwnerEnv } from "#workers/api/require-owner.ts";

const idParam = z.object({ id: z.string().regex(STILL_ID_PATTERN) });
const notFound = rejectInvalid(404, "not_found", "No such still");
const bestOfBody = z.strictObject({ bestOf: z.boolean() });

export const stillOwnerRoutes = new Hono<OwnerEnv>()
  .patch(
    "/:id",
    zValidator("param", idParam, notFound),
    zValidator("json", bestOfBody, rejectInvalid(400, "invalid_still", "Send { bestOf: boolean }")),
    async (c) => {
      const { id } = c.req.valid("param");
      const { bestOf } = c.req.valid("json");
      if (!(await setBestOf(c.var.db, id, bestOf))) {
        return apiError(c, 404, "not_found", "No such still");
      }
      return c.json({ id, bestOf } satisfies BestOfAnswer);
    },
  )
  .delete("/:id", zValidator("param", idParam, notFound), async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteStill(c.var.db, c.env.MEDIA, id);
    if (deleted === 0) return apiError(c, 404, "not_found", "No such still");
    return c.json({ deleted: id } satisfies DeletedStill);
  });
