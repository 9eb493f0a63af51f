import * as z from "zod/mini";

export const stillPicture = z.object({
  takenAt: z.iso.datetime(),
  url: z.string(),
  srcSet: z.nullable(z.string()),
  width: z.int(),
  height: z.int(),
});
export type StillPicture = z.output<typeof stillPicture>;

export const bestOfAnswer = z.object({ id: z.string(), bestOf: z.boolean() });
export type BestOfAnswer = z.output<typeof bestOfAnswer>;

export const deletedStill = z.object({ deleted: z.string() });
export type DeletedStill = z.output<typeof deletedStill>;
