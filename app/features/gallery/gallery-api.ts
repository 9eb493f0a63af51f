import * as z from "zod/mini";
// Types only: the gallery page's first load takes no chunk of the tile sheet's code.
import type { TILE_SIZE, TileSheet } from "#protocol/tile-sheet.ts";
import { mediaTypes } from "./media.ts";

const tileSheet = z.object({
  url: z.string(),
  index: z.object({
    width: z.int(),
    height: z.int(),
    tile: z.literal(256 satisfies typeof TILE_SIZE),
    offsets: z.array(z.int()),
  }),
}) satisfies z.ZodMiniType<TileSheet>;

export const publicMediaItem = z.object({
  id: z.string(),
  type: z.enum(mediaTypes),
  title: z.string(),
  description: z.string(),
  alt: z.string(),
  tags: z.array(z.string()),
  source: z.string(),
  featured: z.boolean(),
  likes: z.int(),
  views: z.int(),
  takenAt: z.iso.datetime(),
  width: z.int(),
  height: z.int(),
  durationSeconds: z.nullable(z.number()),
  contentType: z.string(),
  fileUrl: z.string(),
  thumbnailUrl: z.string(),
  smallUrl: z.nullable(z.string()),
  mediumUrl: z.nullable(z.string()),
  cardUrl: z.nullable(z.string()),
  sheet: z.nullable(tileSheet),
});
export type PublicMediaItem = z.output<typeof publicMediaItem>;

export const mediaPage = z.object({
  items: z.array(publicMediaItem),
  nextCursor: z.nullable(z.string()),
});
export type MediaPage = z.output<typeof mediaPage>;

export const likeAnswer = z.object({ likes: z.int(), liked: z.literal(true) });
export type LikeAnswer = z.output<typeof likeAnswer>;
