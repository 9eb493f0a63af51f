import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import type { StillTexts } from "#app/features/archive/stills.ts";
import { locales } from "#app/i18n/locales.ts";
import type { DescribedSubject } from "./describe-jobs.ts";
import { queueDescriptions } from "./describe-queue.ts";

/** For the batch that picks `where`'s still, or marks it best of: none once texts were written. */
export const queueStillDescriptions = (db: Db, where: SQL | undefined) =>
  queueDescriptions(
    db,
    "still",
    sql`select ${stills.id} as subject_id, '{}' as template, null as moments from ${stills} where ${and(where, isNull(stills.textsBy))}`,
  );

export const describedStill: DescribedSubject = {
  async pictures(db, bucket, job) {
    const row = await db
      .select({ smallKey: stills.smallKey, fileKey: stills.fileKey })
      .from(stills)
      .where(eq(stills.id, job.subjectId))
      .get();
    // Its 960 version, else the still itself (a box that sent no versions).
    const object = row ? await bucket.get(row.smallKey ?? row.fileKey) : null;
    return object ? { kind: "picture", jpegs: [new Uint8Array(await object.arrayBuffer())] } : null;
  },

  // A still keeps its dated title; the owner's texts, or their removal, are never overwritten.
  async write(db, job, texts) {
    const written = Object.fromEntries(
      locales.map((locale) => [locale, { alt: texts[locale].alt, line: texts[locale].line }]),
    ) as StillTexts;
    return [
      db
        .update(stills)
        .set({ texts: written, textsBy: "machine" })
        .where(and(eq(stills.id, job.subjectId), isNull(stills.textsBy))),
    ];
  },
};
