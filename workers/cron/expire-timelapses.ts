import { and, eq, lt } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { media } from "~/.server/db/schema";
import { getConfig } from "~/.server/env";
import { deleteMany } from "~/.server/media/admin-media";

/** A run removes at most this many: a backlog goes over the next runs. */
const BATCH = 50;

export async function expireTimelapses(env: Env, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  const cutoff = new Date(now - getConfig(env).TIMELAPSE_RETENTION_DAYS * 86_400_000);
  const expired = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.type, "timelapse"), eq(media.featured, false), lt(media.takenAt, cutoff)))
    .limit(BATCH);
  if (expired.length > 0) {
    await deleteMany(
      db,
      env.MEDIA,
      expired.map((row) => row.id),
    );
  }
}
