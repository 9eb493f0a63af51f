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
  /** What the picture shows, for who cannot see it; empty: the title stands in. */
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
  /** A photo's 960 and 1280 px versions; none for films and photos uploaded before them. */
  smallUrl: z.nullable(z.string()),
  mediumUrl: z.nullable(z.string()),
  /** Its share card (SHARE_CARD) for link previews; none for box films and older uploads. */
  cardUrl: z.nullable(z.string()),
  /** A photo's web version in 256-px tiles, for zoom past what the page shows (ADR 024). */
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
