import { desc } from "drizzle-orm";
import type { StillPicture } from "~/lib/stills";
import type { StillVersion } from "../../../protocol/daily-content.ts";
import type { Db } from "../db/client";
import { stills } from "../db/schema";
import { versionWidth } from "./still-upload";

type StillRow = typeof stills.$inferSelect;
/** Where a page finds one of a still's pictures (`version` null: the still itself). */
type PictureUrl = (key: string, version: StillVersion | null) => string;

/** The still and its smaller versions by width, for `srcset`; null when the box sent none. */
function stillSrcSet(row: StillRow, url: PictureUrl): string | null {
  const versions = [
    { key: row.thumbnailKey, version: "thumbnail" as const },
    { key: row.mediumKey, version: "medium" as const },
  ]
    .map((v) => ({ ...v, width: versionWidth(v.version, row.width) }))
    .filter((v): v is typeof v & { key: string } => v.key !== null && v.width < row.width);
  if (versions.length === 0) return null;
  return [...versions, { key: row.fileKey, version: null, width: row.width }]
    .map(({ key, version, width }) => `${url(key, version)} ${width}w`)
    .join(", ");
}

function picture(row: StillRow, url: PictureUrl): StillPicture {
  return {
    takenAt: row.takenAt.toISOString(),
    url: url(row.fileKey, null),
    srcSet: stillSrcSet(row, url),
    width: row.width,
    height: row.height,
  };
}

/** An archived still's own files, which never change (and are gone once it is replaced). */
export const archivedPicture = (row: StillRow) => picture(row, (key) => `/api/files/${key}`);

/**
 * The live panel's addresses name no file but "the newest still", so a page rendered just
 * before the box replaced or the owner deleted that still still gets a picture. `v` changes
 * with the still, so a cache never answers with an older one.
 */
const newestPicture = (row: StillRow) =>
  picture(row, (_key, version) => {
    const query = new URLSearchParams({ v: String(row.takenAt.getTime()) });
    if (version) query.set("version", version);
    return `/api/stream/still.jpg?${query}`;
  });

/** The newest still's row, as a query (the archive page runs it in its batch). */
export const newestStillQuery = (db: Db) =>
  db.select().from(stills).orderBy(desc(stills.slot)).limit(1);

const newestRow = async (db: Db) => (await newestStillQuery(db)).at(0);

/**
 * The live panel's placeholder: the newest archived still. A backfilled still is older, so it
 * never moves the placeholder back; one the owner deleted is no longer shown.
 */
export async function newestStill(db: Db): Promise<StillPicture | null> {
  const row = await newestRow(db);
  return row ? newestPicture(row) : null;
}

/** The R2 key of the newest still's picture in `version` (the still itself if it has none). */
export async function newestStillKey(db: Db, version?: StillVersion): Promise<string | null> {
  const row = await newestRow(db);
  if (!row) return null;
  const versionKey = { thumbnail: row.thumbnailKey, medium: row.mediumKey };
  return (version && versionKey[version]) || row.fileKey;
}
