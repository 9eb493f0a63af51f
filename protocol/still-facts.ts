// Apart from still-upload.ts: the archive page's scripts read its constants without zod.
import { z } from "zod";
import { PICK_KINDS } from "./day-picks.ts";
import { MAX_TILED_HEIGHT, MAX_TILED_WIDTH, TILE_SIZE, tileGrid } from "./tile-sheet.ts";

/** Also the gallery's: a photo's sheet is sent with its upload's `complete`. */
export const tileSheetIndexSchema = z
  .strictObject({
    width: z.number().int().min(1).max(MAX_TILED_WIDTH),
    height: z.number().int().min(1).max(MAX_TILED_HEIGHT),
    tile: z.literal(TILE_SIZE),
    offsets: z.array(z.number().int().min(0)),
  })
  .refine(
    ({ width, height, offsets }) => {
      const { cols, rows } = tileGrid(width, height);
      return offsets.length === cols * rows + 1;
    },
    { message: "must have one offset per tile and one for the end", path: ["offsets"] },
  );

export const stillFactsSchema = z
  .object({
    colour: z.string().regex(/^#[0-9a-f]{6}$/, "must be a colour written #rrggbb"),
    /** The box proposes this still as its day's sunset or best picture, with the frame's score. */
    proposal: z
      .strictObject({ kind: z.enum(PICK_KINDS), score: z.number().min(0).max(100) })
      .optional(),
    /** The index of the `tiles` part (tile-sheet.ts): a proposal's full frame. */
    tiles: tileSheetIndexSchema.optional(),
  })
  .refine(({ proposal, tiles }) => !tiles || proposal, {
    message: "come only with a proposal",
    path: ["tiles"],
  });
export type StillFacts = z.infer<typeof stillFactsSchema>;
