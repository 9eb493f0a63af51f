import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media, stills } from "#app/.server/db/schema.ts";
import {
  type LocalizedField,
  localizedField,
  localizedFields,
} from "#app/features/gallery/localized-fields.ts";
import { locales } from "#app/i18n/locales.ts";
import type { DescribedSubject } from "./describe-jobs.ts";
import type { PictureTexts } from "./describe-model.ts";
import { queueDescriptions } from "./describe-queue.ts";

type DescribedField = "title" | "description" | "alt";
const answerOf: Record<DescribedField, keyof PictureTexts> = {
  title: "title",
  description: "line",
  alt: "alt",
};
const describedFields = locales.flatMap((locale) =>
  (Object.keys(answerOf) as DescribedField[]).map((field) => ({
    field,
    locale,
    name: localizedField(field, locale) as LocalizedField<DescribedField>,
  })),
);

const describedNames = new Set<string>(describedFields.map(({ name }) => name));
export const isDescribedField = (name: string) => describedNames.has(name);

/** `machine_described` less the marks of `names` (fields) or of every language of a field. */
export function withoutMarksOf(names: string | string[]): SQL<string[]> {
  const dropped = typeof names === "string" ? localizedFields(names) : names;
  return sql`(select json_group_array(value) from json_each(${media.machineDescribed}) where value not in ${dropped})`;
}

/** The texts as published: the job writes only those still so (ADR 029). */
const templateJson = sql.join(
  [
    sql`json_object(`,
    sql.join(
      describedFields.map(({ name }) => sql`${name}, ${media[name]}`),
      sql`, `,
    ),
    sql`)`,
  ],
  sql``,
);

/** Items published without a description: the owner's uploads, not the box's films. */
export const undescribedUpload = and(
  eq(media.status, "published"),
  inArray(media.type, ["image", "video"]),
  ...locales.map((locale) => eq(media[localizedField("description", locale)], "")),
) as SQL;

export function queueMediaDescriptions(db: Db, where: SQL, moments: number[] | null = null) {
  return queueDescriptions(
    db,
    "media",
    sql`select ${media.id} as subject_id, ${templateJson} as template, ${moments ? JSON.stringify(moments) : null} as moments from ${media} where ${where}`,
  );
}

const NEAREST_WITHIN_MS = 60 * 60_000;

async function nearestStillKey(db: Db, at: number): Promise<string | null> {
  const row = await db
    .select({ fileKey: stills.fileKey, thumbnailKey: stills.thumbnailKey })
    .from(stills)
    .where(sql`${stills.slot} between ${at - NEAREST_WITHIN_MS} and ${at + NEAREST_WITHIN_MS}`)
    .orderBy(sql`abs(${stills.slot} - ${at})`)
    .limit(1)
    .get();
  return row ? (row.thumbnailKey ?? row.fileKey) : null;
}

async function readJpeg(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

export const describedMedia: DescribedSubject = {
  async pictures(db, bucket, job) {
    const row = await db
      .select({
        type: media.type,
        thumbnailKey: media.thumbnailKey,
        smallKey: media.smallKey,
      })
      .from(media)
      .where(eq(media.id, job.subjectId))
      .get();
    if (!row) return null;
    // Without stills near the film (retention, a box that was down), its poster stands in.
    const keys =
      row.type === "timelapse"
        ? (await Promise.all((job.moments ?? []).map((at) => nearestStillKey(db, at)))).filter(
            (key) => key !== null,
          )
        : [];
    const chosen = keys.length > 0 ? [...new Set(keys)] : [row.smallKey ?? row.thumbnailKey];
    const jpegs = (await Promise.all(chosen.map((key) => readJpeg(bucket, key)))).filter(
      (jpeg) => jpeg !== null,
    );
    if (jpegs.length === 0) return null;
    return { kind: row.type === "timelapse" ? "timelapse" : "picture", jpegs };
  },

  // Only a field still holding what was published is written: the owner's edit, even one made meanwhile, wins.
  async write(db, job, texts) {
    const row = await db.select().from(media).where(eq(media.id, job.subjectId)).get();
    if (!row) return [];
    const written = describedFields.filter(
      ({ field, name }) =>
        row[name] === (job.template[name] ?? "") && (field === "description" || row[name] === ""),
    );
    if (written.length === 0) return [];
    const values = Object.fromEntries(
      written.map(({ field, locale, name }) => [name, texts[locale][answerOf[field]]]),
    );
    const marked = [...new Set([...row.machineDescribed, ...written.map(({ name }) => name)])];
    return [
      db
        .update(media)
        .set({ ...values, machineDescribed: marked })
        .where(and(eq(media.id, row.id), ...written.map(({ name }) => eq(media[name], row[name])))),
    ];
  },
};
