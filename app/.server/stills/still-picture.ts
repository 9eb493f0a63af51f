import { desc } from "drizzle-orm";
import type { StillPicture } from "~/lib/stills";
import type { Db } from "../db/client";
import { stills } from "../db/schema";
import { versionWidth } from "./still-upload";

type StillRow = typeof stills.$inferSelect;

const stillUrl = (fileKey: string) => `/api/files/${fileKey}`;

/** The still and its smaller versions by width, for `srcset`; null when the box sent none. */
function stillSrcSet(row: StillRow): string | null {
  const versions = [
    { key: row.thumbnailKey, width: versionWidth("thumbnail", row.width) },
    { key: row.mediumKey, width: versionWidth("medium", row.width) },
  ].filter((v): v is { key: string; width: number } => v.key !== null && v.width < row.width);
  if (versions.length === 0) return null;
  return [...versions, { key: row.fileKey, width: row.width }]
    .map(({ key, width }) => `${stillUrl(key)} ${width}w`)
    .join(", ");
}

export function stillPicture(row: StillRow): StillPicture {
  return {
    takenAt: row.takenAt.toISOString(),
    url: stillUrl(row.fileKey),
    srcSet: stillSrcSet(row),
    width: row.width,
    height: row.height,
  };
}

/**
 * The live panel's placeholder: the newest archived still. A backfilled still is older, so it
 * never moves the placeholder back; one the owner deleted is no longer shown.
 */
export async function newestStill(db: Db): Promise<StillPicture | null> {
  const [row] = await db.select().from(stills).orderBy(desc(stills.slot)).limit(1);
  return row ? stillPicture(row) : null;
}
