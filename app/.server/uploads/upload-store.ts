import { and, asc, eq, exists, inArray, lt, not } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { media, uploadParts, uploads } from "#app/.server/db/schema.ts";
import type { Refusal } from "#app/.server/files/stored-file.ts";
import { servesFile } from "#app/.server/gallery/served-files.ts";
import {
  type CONTENT_TYPES,
  PART_SIZE,
  partCount,
  type UploadKind,
  uploadKinds,
  type Version,
  versions,
} from "#app/features/uploads/upload-limits.ts";
import { hex } from "#protocol/device-signature.ts";
import type { TileSheetIndex } from "#protocol/tile-sheet.ts";
import { DAY_MS } from "#time/durations.ts";
import { checkContent, sheetFits } from "./content-check.ts";

export type Upload = typeof uploads.$inferSelect;
/** An upload of the kinds a query chose, which drizzle's row type cannot tell. */
export type UploadOf<K extends Upload["kind"]> = Upload & { kind: K };

const versionColumn = {
  web: "fileKey",
  medium: "mediumKey",
  small: "smallKey",
  thumbnail: "thumbnailKey",
  card: "cardKey",
  tiles: "tilesKey",
} as const satisfies Record<Version, keyof Upload>;

// None for a video's web version and sheet (the file is the upload) or a version newer than the upload.
export function versionKey(upload: Upload, version: Version): string | null {
  if ((version === "web" || version === "tiles") && upload.kind !== "photo") return null;
  return upload[versionColumn[version]];
}

const versionKeys = (upload: Upload) =>
  versions.map((version) => versionKey(upload, version)).filter((key) => key !== null);

const STALE_MS = DAY_MS;

/** Random bytes as hex (256 bits unless fewer suffice): keys and ids are ours, never the owner's words. */
export function randomHex(bytes = 32): string {
  return hex(crypto.getRandomValues(new Uint8Array(bytes)));
}

function extensionOf(contentType: string): string {
  if (contentType === "video/quicktime") return "mov";
  return contentType === "video/mp4" ? "mp4" : "jpg";
}

export type NewUpload<K extends Upload["kind"] = Upload["kind"]> = {
  kind: K;
  fileName: string;
  byteSize: number;
  contentType: (typeof CONTENT_TYPES)[UploadKind][number];
  lastModified: number;
  sha256?: string;
};

/** A photo's upload is its private original (with its EXIF); a video's is the public file itself. */
export async function createUpload<K extends Upload["kind"]>(
  db: Db,
  bucket: R2Bucket,
  input: NewUpload<K>,
): Promise<UploadOf<K>> {
  const extension = extensionOf(input.contentType);
  const fileKey = `media/${randomHex()}.${extension}`;
  const objectKey = input.kind === "photo" ? `originals/${randomHex()}.jpg` : fileKey;
  const multipart = await bucket.createMultipartUpload(objectKey, {
    httpMetadata: { contentType: input.contentType },
  });
  const row: UploadOf<K> = {
    id: randomHex(16),
    kind: input.kind,
    fileName: input.fileName,
    byteSize: input.byteSize,
    contentType: input.contentType,
    fileModifiedAt: new Date(input.lastModified),
    partSize: PART_SIZE,
    objectKey,
    r2UploadId: multipart.uploadId,
    fileKey,
    thumbnailKey: `media/${randomHex()}.jpg`,
    smallKey: input.kind === "photo" ? `media/${randomHex()}.jpg` : null,
    mediumKey: input.kind === "photo" ? `media/${randomHex()}.jpg` : null,
    cardKey: `media/${randomHex()}.jpg`,
    tilesKey: input.kind === "photo" ? `media/${randomHex()}.jpg` : null,
    sha256: input.sha256 ?? null,
    createdAt: new Date(),
  };
  await db.insert(uploads).values(row);
  return row;
}

export async function findUpload<K extends Upload["kind"]>(
  db: Db,
  id: string,
  kinds: readonly K[],
): Promise<UploadOf<K> | undefined> {
  const row = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), inArray(uploads.kind, kinds)))
    .get();
  return row as UploadOf<K> | undefined;
}

export async function listUploads(db: Db): Promise<UploadOf<UploadKind>[]> {
  const rows = await db
    .select()
    .from(uploads)
    .where(inArray(uploads.kind, uploadKinds))
    .orderBy(asc(uploads.createdAt))
    .all();
  return rows as UploadOf<UploadKind>[];
}

export async function doneParts(db: Db, id: string): Promise<number[]> {
  const rows = await db
    .select({ n: uploadParts.partNumber })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, id))
    .orderBy(asc(uploadParts.partNumber))
    .all();
  return rows.map((row) => row.n);
}

// False when a discard crossed it (multipart aborted or row gone): answered as not found.
export async function storePart(
  db: Db,
  bucket: R2Bucket,
  upload: Upload,
  partNumber: number,
  body: ReadableStream | ArrayBuffer,
): Promise<boolean> {
  try {
    const multipart = bucket.resumeMultipartUpload(upload.objectKey, upload.r2UploadId);
    const part = await multipart.uploadPart(partNumber, body);
    await db
      .insert(uploadParts)
      .values({ uploadId: upload.id, partNumber, etag: part.etag })
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { etag: part.etag },
      });
    return true;
  } catch (error) {
    if (!(await findUpload(db, upload.id, [upload.kind]))) return false;
    throw error;
  }
}

// A version landing after a discard is taken back, unless a completed item holds it (ADR 013).
export async function putVersion(
  db: Db,
  bucket: R2Bucket,
  upload: Upload,
  key: string,
  jpeg: Uint8Array,
): Promise<boolean> {
  await bucket.put(key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
  if (await findUpload(db, upload.id, [upload.kind])) return true;
  const holder = await db.select({ id: media.id }).from(media).where(servesFile(key)).get();
  if (!holder) await bucket.delete(key);
  return false;
}

export type Measurements = {
  width: number;
  height: number;
  durationSeconds?: number | undefined;
  takenAt: number;
  zoom?: TileSheetIndex | undefined;
};

type Assembled =
  | { ok: true; byteSize: number; cardKey: string | null; tilesKey: string | null }
  | {
      ok: false;
      reason:
        | "parts_missing"
        | "versions_missing"
        | Refusal
        /** A tile sheet that is not the web version's, cut by its index. */
        | "implausible_tiles"
        | "discarded";
    };

export async function assemble(
  db: Db,
  bucket: R2Bucket,
  upload: Upload,
  zoom?: TileSheetIndex,
): Promise<Assembled> {
  // The row is the claim (ADR 013): a missing file means "not sent yet" only while it is there.
  const missing = async (reason: "parts_missing" | "versions_missing") => {
    const open = await findUpload(db, upload.id, [upload.kind]);
    return { ok: false, reason: open ? reason : "discarded" } as const;
  };
  const parts = await db
    .select()
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, upload.id))
    .orderBy(asc(uploadParts.partNumber))
    .all();
  if (parts.length !== partCount(upload.byteSize)) return missing("parts_missing");
  const sent = await Promise.all(
    versionKeys(upload).map(async (key) => ({ key, object: await bucket.head(key) })),
  );
  // The card and sheet are optional: a tab from before sends none, and the item's pages do without.
  const optional = [upload.cardKey, upload.tilesKey];
  if (sent.some(({ key, object }) => !object && !optional.includes(key))) {
    return missing("versions_missing");
  }
  const keys = sent.filter(({ object }) => object).map(({ key }) => key);
  const stored = sent.flatMap(({ object }) => (object ? [object] : []));
  // A photo's size is its web version's: the file visitors get.
  const web = stored[keys.indexOf(upload.fileKey)];

  const multipart = bucket.resumeMultipartUpload(upload.objectKey, upload.r2UploadId);
  const object = await multipart
    .complete(parts.map((part) => ({ partNumber: part.partNumber, etag: part.etag })))
    .catch(() => null);
  if (!object) {
    // R2 refused the recorded parts (one replaced while completing): resent next try, not lost.
    await db.delete(uploadParts).where(eq(uploadParts.uploadId, upload.id));
    return missing("parts_missing");
  }
  // The sheet is tiles, not one JPEG: checked against its index instead.
  const jpegs = keys.filter((key) => key !== upload.tilesKey);
  const refusal =
    object.size !== upload.byteSize
      ? "not_whole"
      : ((await checkContent(bucket, upload, jpegs)) ??
        ((await sheetFits(bucket, upload, zoom)) ? null : "implausible_tiles"));
  if (refusal) {
    // Unless a discard took the upload first: then as if it had come before.
    return { ok: false, reason: (await discard(db, bucket, upload)) ? refusal : "discarded" };
  }
  return {
    ok: true,
    byteSize: upload.kind === "photo" ? (web?.size ?? 0) : object.size,
    cardKey: upload.cardKey && keys.includes(upload.cardKey) ? upload.cardKey : null,
    tilesKey: zoom ? upload.tilesKey : null,
  };
}

export type CompleteResult = { ok: true; mediaId: string } | Exclude<Assembled, { ok: true }>;

export const uploadOpen = (db: Db, id: string) =>
  exists(db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)));

export async function completeUpload(
  db: Db,
  bucket: R2Bucket,
  upload: Upload,
  measured: Measurements,
): Promise<CompleteResult> {
  const assembled = await assemble(db, bucket, upload, measured.zoom);
  if (!assembled.ok) return assembled;
  const id = randomHex(8);
  const [, withdrawn] = await db.batch([
    db.insert(media).values({
      id,
      type: upload.kind === "photo" ? "image" : "video",
      status: "draft",
      takenAt: new Date(measured.takenAt),
      createdAt: new Date(),
      fileKey: upload.fileKey,
      originalKey: upload.kind === "photo" ? upload.objectKey : null,
      thumbnailKey: upload.thumbnailKey,
      smallKey: upload.smallKey,
      mediumKey: upload.mediumKey,
      cardKey: assembled.cardKey,
      tilesKey: assembled.tilesKey,
      zoom: assembled.tilesKey ? (measured.zoom ?? null) : null,
      contentType: upload.kind === "photo" ? "image/jpeg" : upload.contentType,
      byteSize: assembled.byteSize,
      width: measured.width,
      height: measured.height,
      durationSeconds: upload.kind === "video" ? (measured.durationSeconds ?? null) : null,
    }),
    // Discarded meanwhile: its files are being deleted, so the item is taken back at once.
    db
      .delete(media)
      .where(and(eq(media.id, id), not(uploadOpen(db, upload.id))))
      .returning({ id: media.id }),
    db.delete(uploads).where(eq(uploads.id, upload.id)),
  ]);
  if (withdrawn.length > 0) return { ok: false, reason: "discarded" };
  return { ok: true, mediaId: id };
}

// The row goes first, as the claim (ADR 013): returns whether this discard took it.
export async function discard(db: Db, bucket: R2Bucket, upload: Upload): Promise<boolean> {
  const claimed = await db
    .delete(uploads)
    .where(eq(uploads.id, upload.id))
    .returning({ id: uploads.id });
  if (claimed.length === 0) return false;
  // Aborting a completed (or already aborted) upload throws; its object is deleted below.
  await bucket
    .resumeMultipartUpload(upload.objectKey, upload.r2UploadId)
    .abort()
    .catch(() => undefined);
  const keys = [upload.objectKey, ...versionKeys(upload)];
  await bucket.delete(keys).catch((error: unknown) => {
    console.error("uploads: R2 objects left behind", keys.join(" "), error);
  });
  return true;
}

/** Uploads the owner left for more than a day: aborted, so R2 does not keep their parts. */
export async function abortStaleUploads(db: Db, bucket: R2Bucket): Promise<void> {
  const stale = await db
    .select()
    .from(uploads)
    .where(lt(uploads.createdAt, new Date(Date.now() - STALE_MS)))
    .all();
  for (const upload of stale) await discard(db, bucket, upload);
}
