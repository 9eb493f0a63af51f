import { stills } from "#app/.server/db/schema.ts";
import { type StillFile, stillFiles } from "#protocol/still-upload.ts";
import { STILL_TILES, type ZoomFile, zoomFiles } from "#protocol/tile-sheet.ts";

export type StoredFile = StillFile | ZoomFile;
export const storedFiles: readonly StoredFile[] = [...stillFiles, ...zoomFiles];

const keyColumn = {
  thumbnail: "thumbnailKey",
  small: "smallKey",
  medium: "mediumKey",
  card: "cardKey",
  large: "largeKey",
  tiles: "tilesKey",
} as const satisfies Record<StoredFile, keyof typeof stills.$inferSelect>;
type KeyColumn = (typeof keyColumn)[StoredFile];

export type StillKeys = Pick<typeof stills.$inferSelect, "fileKey" | KeyColumn>;

/** A value per version, under its key column's name: a row's keys are built from these. */
export const byKeyColumn = <T>(value: (version: StoredFile) => T) =>
  Object.fromEntries(storedFiles.map((version) => [keyColumn[version], value(version)])) as Record<
    KeyColumn,
    T
  >;

export const versionKey = (row: StillKeys, version: StoredFile) => row[keyColumn[version]];

/** The key columns, read in the statement that replaces or deletes a row. */
export const stillKeyColumns = {
  fileKey: stills.fileKey,
  ...byKeyColumn((version) => stills[keyColumn[version]]),
};

export const stillKeys = (row: StillKeys) =>
  [row.fileKey, ...storedFiles.map((version) => versionKey(row, version))].filter(
    (key) => key !== null,
  );

/** The tile sheet is JPEGs one after another, read by range: no picture on its own. */
export const stillContentType = (version: StoredFile | null) =>
  version === STILL_TILES ? "application/octet-stream" : "image/jpeg";
