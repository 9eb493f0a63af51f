import * as z from "zod/mini";

/** A still as a picture: the live panel's placeholder is the newest one. */
export const stillPicture = z.object({
  takenAt: z.iso.datetime(),
  url: z.string(),
  /** The still and its smaller versions by width; null from a box before the versions. */
  srcSet: z.nullable(z.string()),
  width: z.int(),
  height: z.int(),
});
export type StillPicture = z.output<typeof stillPicture>;

/** `PATCH /api/admin/stills/:id`. */
export const bestOfAnswer = z.object({ id: z.string(), bestOf: z.boolean() });
export type BestOfAnswer = z.output<typeof bestOfAnswer>;

/** `DELETE /api/admin/stills/:id`. */
export const deletedStill = z.object({ deleted: z.string() });
export type DeletedStill = z.output<typeof deletedStill>;
