// Apart from still-upload.ts: the archive page's scripts read its constants without zod.
import { z } from "zod";

export const stillFactsSchema = z.object({
  colour: z.string().regex(/^#[0-9a-f]{6}$/, "must be a colour written #rrggbb"),
});
export type StillFacts = z.infer<typeof stillFactsSchema>;
