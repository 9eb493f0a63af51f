import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { setOwnerPick } from "#app/.server/archive/day-picks.ts";
import { STILL_ID_PATTERN } from "#app/.server/archive/manage-stills.ts";
import type { DayPickAnswer } from "#app/features/archive/archive-api.ts";
import { PICK_KINDS } from "#protocol/day-picks.ts";
import { apiError, rejectInvalid } from "#workers/api/errors.ts";
import type { OwnerEnv } from "#workers/api/require-owner.ts";

const dayParam = z.object({ day: z.iso.date() });
/** The still to name as the day's sunset or best, or null to remove the pick for good. */
const pickBody = z.strictObject({
  kind: z.enum(PICK_KINDS),
  id: z.string().regex(STILL_ID_PATTERN).nullable(),
});

export const dayPickRoutes = new Hono<OwnerEnv>().patch(
  "/:day",
  zValidator("param", dayParam, rejectInvalid(404, "not_found", "No such day")),
  zValidator(
    "json",
    pickBody,
    rejectInvalid(400, "invalid_pick", 'Send { kind: "sunset" | "best", id: still id | null }'),
  ),
  async (c) => {
    const { day } = c.req.valid("param");
    const { kind, id } = c.req.valid("json");
    if (!(await setOwnerPick(c.var.db, day, kind, id))) {
      return apiError(c, 404, "not_found", "No such still on that day");
    }
    return c.json({ day, kind, id } satisfies DayPickAnswer);
  },
);
