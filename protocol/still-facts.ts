// Apart from still-upload.ts: the archive page's scripts read its constants without zod.
import { z } from "zod";
import { PICK_KINDS } from "./day-picks.ts";

export const stillFactsSchema = z.object({
  colour: z.string().regex(/^#[0-9a-f]{6}$/, "must be a colour written #rrggbb"),
  /** The box proposes this still as its day's sunset or best picture, with the frame's score. */
  proposal: z
    .strictObject({ kind: z.enum(PICK_KINDS), score: z.number().min(0).max(100) })
    .optional(),
});
export type StillFacts = z.infer<typeof stillFactsSchema>;
