import { eq, or } from "drizzle-orm";
import { media } from "#app/.server/db/schema.ts";

/** The columns naming a media item's files that visitors may get: the file and its versions. */
export const servedFileColumns = {
  fileKey: media.fileKey,
  thumbnailKey: media.thumbnailKey,
  smallKey: media.smallKey,
  mediumKey: media.mediumKey,
  cardKey: media.cardKey,
  tilesKey: media.tilesKey,
};

export const servesFile = (key: string) =>
  or(...Object.values(servedFileColumns).map((column) => eq(column, key)));

export const servedKeysOf = (rows: Record<keyof typeof servedFileColumns, string | null>[]) =>
  rows.flatMap((row) => Object.values(row).filter((key) => key !== null));
