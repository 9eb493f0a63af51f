import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { deleteMediaWhere } from "#app/.server/gallery/admin-media.ts";
import { DAY_MS } from "#time/durations.ts";

/** A run removes at most this many: a backlog goes over the next runs. */
const EXPIRY_BATCH = 50;

/**
 * The box's nightly time-lapses past retention, oldest first. Chosen in the delete itself: one
 * the owner features meanwhile is kept; an item the owner typed "timelapse" is theirs, like any
 * upload.
 */
export async function expireTimelapses(
  db: Db,
  bucket: R2Bucket,
  retentionDays: number,
): Promise<void> {
  const cutoff = new Date(Date.now() - retentionDays * DAY_MS);
  const due = db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        isNotNull(media.filmDay),
        eq(media.type, "timelapse"),
        eq(media.featured, false),
        lt(media.takenAt, cutoff),
      ),
    )
    .orderBy(media.takenAt)
    .limit(EXPIRY_BATCH);
  await deleteMediaWhere(db, bucket, inArray(media.id, due));
}
