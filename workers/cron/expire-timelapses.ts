import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { getDb } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { getConfig } from "#app/.server/env.ts";
import { deleteMediaWhere } from "#app/.server/gallery/admin-media.ts";
import { DAY_MS } from "#time/durations.ts";

/** A run removes at most this many: a backlog goes over the next runs. */
const BATCH = 50;

export async function expireTimelapses(env: Env): Promise<void> {
  const db = getDb(env.DB);
  const cutoff = new Date(Date.now() - getConfig(env).TIMELAPSE_RETENTION_DAYS * DAY_MS);
  // Chosen in the delete itself: a film the owner features meanwhile is kept. Only the box's
  // nightly films expire: an item the owner typed "timelapse" is theirs, like any upload.
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
    .limit(BATCH);
  await deleteMediaWhere(db, env.MEDIA, inArray(media.id, due));
}
