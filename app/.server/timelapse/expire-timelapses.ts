import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import { media } from "#app/.server/db/schema.ts";
import { deleteMediaWhere } from "#app/.server/gallery/admin-media.ts";
import { DAY_MS } from "#time/durations.ts";

/** A run removes at most this many: a backlog goes over the next runs. */
const EXPIRY_BATCH = 50;

// Chosen in the delete itself, so one featured meanwhile stays; one without filmDay is the owner's.
export async function expireTimelapses(scope: WorkerScope, retentionDays: number): Promise<void> {
  const { db } = scope;
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
  await deleteMediaWhere(scope, inArray(media.id, due));
}
