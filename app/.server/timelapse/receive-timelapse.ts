import { and, eq, isNotNull, not, type SQL, sql } from "drizzle-orm";
import type { WorkerScope } from "#app/.server/context.ts";
import type { Db } from "#app/.server/db/client.ts";
import { media, retiredFiles, uploads } from "#app/.server/db/schema.ts";
import { queueMediaDescriptions, withoutMarksOf } from "#app/.server/describe/described-media.ts";
import { RETIRED_FILE_MS } from "#app/.server/gallery/retired-files.ts";
import { syncPublicFiles } from "#app/.server/media-host/public-files.ts";
import { serverMessages } from "#app/.server/messages.ts";
import {
  assemble,
  type CompleteResult,
  createUpload,
  discard,
  randomHex,
  type Upload,
  uploadOpen,
} from "#app/.server/uploads/upload-store.ts";
import { timelapseTexts } from "#app/features/timelapse/timelapse-texts.ts";
import { createI18n } from "#app/i18n/catalogs.ts";
import type { TimelapseFacts, TimelapseStart } from "#protocol/timelapse-upload.ts";
import { lakeDate } from "#time/lake-time.ts";

const fileNameOf = (day: string) => `${day}.mp4`;

export const timelapseDayOf = (upload: Upload) => upload.fileName.replace(/\.mp4$/, "");

// Anything but the same size and hash replaces the day's open upload: a new render starts clean.
export async function startTimelapse(
  db: Db,
  bucket: R2Bucket,
  start: TimelapseStart,
): Promise<Upload> {
  const open = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.kind, "timelapse"), eq(uploads.fileName, fileNameOf(start.day))))
    .all();
  const same = open.find(
    (upload) => upload.byteSize === start.byteSize && upload.sha256 === start.sha256,
  );
  for (const other of open) if (other !== same) await discard(db, bucket, other);
  return (
    same ??
    createUpload(db, bucket, {
      kind: "timelapse",
      fileName: fileNameOf(start.day),
      byteSize: start.byteSize,
      contentType: "video/mp4",
      lastModified: Date.now(),
      sha256: start.sha256,
    })
  );
}

const filmMoments = (facts: TimelapseFacts) => {
  const [from, to] = [Date.parse(facts.from), Date.parse(facts.to)];
  return [from, Math.round((from + to) / 2), to];
};

export function factsFitDay(facts: TimelapseFacts, day: string): boolean {
  return lakeDate(Date.parse(facts.from)) === day && lakeDate(Date.parse(facts.to)) === day;
}

// A re-run replaces the same item's file: its address, likes, views and the owner's choices stay.
export async function registerTimelapse(
  scope: WorkerScope,
  upload: Upload,
  facts: TimelapseFacts,
): Promise<CompleteResult> {
  const { db, env } = scope;
  const bucket = env.MEDIA;
  const assembled = await assemble(db, bucket, upload);
  if (!assembled.ok) return assembled;
  const day = timelapseDayOf(upload);
  const film = {
    ...timelapseTexts(facts, (locale) => createI18n(locale, serverMessages[locale])),
    takenAt: new Date(facts.from),
    fileKey: upload.fileKey,
    thumbnailKey: upload.thumbnailKey,
    cardKey: assembled.cardKey,
    contentType: "video/mp4",
    byteSize: assembled.byteSize,
    width: facts.width,
    height: facts.height,
    durationSeconds: facts.durationSeconds,
  };
  // Writes hold only while the upload is open: a discard meanwhile keeps the day's film as it was.
  const open = uploadOpen(db, upload.id);
  const id = randomHex(8);
  const deleteAfter = sql<Date>`${Date.now() + RETIRED_FILE_MS}`.as("delete_after");
  const retire = (key: SQL<string>, contentType: SQL<string>) =>
    db.insert(retiredFiles).select(
      db
        .select({
          key: key.as("key"),
          mediaId: media.id,
          contentType: contentType.as("content_type"),
          deleteAfter,
        })
        .from(media)
        .where(and(eq(media.filmDay, day), isNotNull(key), open)),
    );
  const [, , , [registered], withdrawn] = await db.batch([
    retire(sql`${media.fileKey}`, sql`${media.contentType}`),
    retire(sql`${media.thumbnailKey}`, sql`'image/jpeg'`),
    retire(sql`${media.cardKey}`, sql`'image/jpeg'`),
    db
      .insert(media)
      .values({
        ...film,
        id,
        type: "timelapse",
        status: "published",
        createdAt: new Date(),
        filmDay: day,
      })
      .onConflictDoUpdate({
        target: media.filmDay,
        // The template is back in the descriptions: their automatic mark goes until described again.
        set: { ...film, machineDescribed: withoutMarksOf("description") },
        setWhere: open,
      })
      .returning({ id: media.id }),
    db
      .delete(media)
      .where(and(eq(media.id, id), not(open)))
      .returning({ id: media.id }),
    ...queueMediaDescriptions(db, and(eq(media.filmDay, day), open) as SQL, filmMoments(facts)),
    db.delete(uploads).where(eq(uploads.id, upload.id)),
  ]);
  if (!registered || withdrawn.length > 0) return { ok: false, reason: "discarded" };
  await syncPublicFiles(scope, [film.fileKey, film.thumbnailKey, film.cardKey ?? ""]);
  return { ok: true, mediaId: registered.id };
}
