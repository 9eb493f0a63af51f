import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { stills } from "../db/schema";
import { forgetNewestStill } from "./still-picture";

export const STILL_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type StillKeys = { fileKey: string; thumbnailKey: string | null; mediumKey: string | null };

/** The R2 objects of a still: its picture, and its smaller versions when the box sent them. */
export const stillKeys = (row: StillKeys) =>
  [row.fileKey, row.thumbnailKey, row.mediumKey].filter((key) => key !== null);

export async function setBestOf(db: Db, id: string, bestOf: boolean): Promise<boolean> {
  const updated = await db
    .update(stills)
    .set({ bestOf })
    .where(eq(stills.id, id))
    .returning({ id: stills.id });
  return updated.length > 0;
}

/**
 * The row goes first: a failed R2 delete leaves an object no URL serves (a still's address
 * finds its files through its row), never a still without its picture.
 */
export async function deleteStills(db: Db, bucket: R2Bucket, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db.delete(stills).where(inArray(stills.id, ids)).returning({
    fileKey: stills.fileKey,
    thumbnailKey: stills.thumbnailKey,
    mediumKey: stills.mediumKey,
  });
  forgetNewestStill();
  const keys = deleted.flatMap(stillKeys);
  if (keys.length > 0) {
    await bucket.delete(keys).catch((error: unknown) => {
      console.error("stills: R2 objects left behind", keys.join(" "), error);
    });
  }
  return deleted.length;
}

/** Stills older than the retention, best-of ones excepted, oldest first. */
export async function expiredStills(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: stills.id })
    .from(stills)
    .where(and(eq(stills.bestOf, false), lt(stills.slot, cutoff)))
    .orderBy(stills.slot)
    .limit(limit);
  return rows.map((row) => row.id);
}
