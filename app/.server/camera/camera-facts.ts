import { desc, eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media, stills } from "#app/.server/db/schema.ts";

export async function cameraFacts(db: Db, timelapseDay: string) {
  const [newest, film] = await db.batch([
    db
      .select({ id: stills.id, slot: stills.slot, takenAt: stills.takenAt })
      .from(stills)
      .orderBy(desc(stills.slot))
      .limit(1),
    db
      .select({ id: media.id, durationSeconds: media.durationSeconds, takenAt: media.takenAt })
      .from(media)
      .where(eq(media.filmDay, timelapseDay))
      .limit(1),
  ]);
  return { newestStill: newest[0] ?? null, timelapse: film[0] ?? null };
}
