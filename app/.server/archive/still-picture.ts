import { desc, eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { type ByteRange, parseByteRange } from "#app/.server/http/byte-range.ts";
import { publicUrl } from "#app/.server/media-host/public-url.ts";
import { type StillPicture, stillWeather } from "#app/features/archive/archive-api.ts";
import { STILL_CARD, stillVersions } from "#protocol/still-upload.ts";
import { STILL_TILES, type TileSheet } from "#protocol/tile-sheet.ts";
import { publicStillKey } from "./public-stills.ts";
import { versionWidth } from "./received-still.ts";
import { type StoredFile, versionKey } from "./still-keys.ts";

type StillRow = typeof stills.$inferSelect;

/** The Worker's addresses name no file: they serve whatever the slot holds (links shared before). */
export type StillName = "newest" | (string & {});

/** Its public copy (ADR 027), else the Worker's address, whose `v` changes with the still so no cache mixes two. */
function pictureUrl(row: StillRow, version: StoredFile | null, base: string): string {
  if (row.publicId) return publicUrl(base, publicStillKey(row.publicId, version));
  const query = new URLSearchParams({ v: String(row.takenAt.getTime()) });
  if (version) query.set("version", version);
  return `/api/stills/${row.id}.jpg?${query}`;
}

function stillSrcSet(row: StillRow, base: string): string | null {
  const versions = stillVersions
    .filter((version) => versionKey(row, version) !== null)
    .map((version) => ({ version, width: versionWidth(version, row.width) }))
    .filter(({ width }) => width < row.width);
  if (versions.length === 0) return null;
  return [...versions, { version: null, width: row.width }]
    .map(({ version, width }) => `${pictureUrl(row, version, base)} ${width}w`)
    .join(", ");
}

export function archivedPicture(row: StillRow, base: string): StillPicture {
  const weather = stillWeather.safeParse(row.weather);
  return {
    takenAt: row.takenAt.toISOString(),
    url: pictureUrl(row, null, base),
    srcSet: stillSrcSet(row, base),
    cardUrl: versionKey(row, STILL_CARD) ? pictureUrl(row, STILL_CARD, base) : null,
    width: row.width,
    height: row.height,
    weather: weather.success ? weather.data : null,
  };
}

export const archivedSheet = (row: StillRow, base: string): TileSheet | null =>
  row.zoom && row.tilesKey ? { url: pictureUrl(row, STILL_TILES, base), index: row.zoom } : null;

export const newestStillQuery = (db: Db) =>
  db.select().from(stills).orderBy(desc(stills.slot)).limit(1);

const stillRow = async (db: Db, name: StillName) =>
  (name === "newest"
    ? await newestStillQuery(db)
    : await db.select().from(stills).where(eq(stills.id, name)).limit(1)
  ).at(0);

/** Read on every view but sent every ten minutes; the address always serves the newest picture anyway. */
export const NEWEST_STILL_CACHE_MS = 10_000;

let newest: { row: StillRow | null; expires: number } | null = null;

/** A backfilled still is older, so it never moves the placeholder back. */
export async function newestStill(
  db: Db,
  base: string,
  now = Date.now(),
): Promise<StillPicture | null> {
  if (!newest || newest.expires <= now) {
    newest = { row: (await stillRow(db, "newest")) ?? null, expires: now + NEWEST_STILL_CACHE_MS };
  }
  return newest.row ? archivedPicture(newest.row, base) : null;
}

export function forgetNewestStill(): void {
  newest = null;
}

/** The R2 key of the named still's picture in `version` (the still itself if it has none, but no sheet). */
async function stillPictureSource(db: Db, name: StillName, version?: StoredFile) {
  const row = await stillRow(db, name);
  if (!row) return null;
  const key = version ? versionKey(row, version) : null;
  if (version === STILL_TILES) {
    const size = row.zoom?.offsets.at(-1);
    return key && size ? { key, takenAt: row.takenAt, size } : null;
  }
  return { key: key || row.fileKey, takenAt: row.takenAt, size: null };
}

/** A just-replaced row's file can be gone: the row is read again, once. */
export async function readStillPicture(
  db: Db,
  bucket: R2Bucket,
  name: StillName,
  version?: StoredFile,
  rangeHeader?: string,
): Promise<
  | { object: R2ObjectBody; takenAt: Date; range: ByteRange | null; size: number }
  | "unsatisfiable"
  | null
> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const source = await stillPictureSource(db, name, version);
    if (!source) return null;
    const range = source.size ? parseByteRange(rangeHeader, source.size) : null;
    if (range === "unsatisfiable") return range;
    const object = await bucket.get(source.key, range ? { range } : undefined);
    if (object) return { object, takenAt: source.takenAt, range, size: object.size };
  }
  return null;
}
