import { checkStoredJpeg, headFrame } from "#app/.server/files/jpeg.ts";
import { checkStoredMovie } from "#app/.server/files/movie.ts";
import type { Refusal, StoredFile } from "#app/.server/files/stored-file.ts";
import { isTileSheet } from "#app/.server/files/tile-sheet.ts";
import type { TileSheetIndex } from "#protocol/tile-sheet.ts";
import type { Upload } from "./upload-store.ts";

/** The first read of each file: a JPEG's headers, a video's first boxes (a moov at the start). */
const FIRST_READ = 64 * 1024;

async function storedFile(bucket: R2Bucket, key: string): Promise<StoredFile | null> {
  const object = await bucket.get(key, { range: { offset: 0, length: FIRST_READ } });
  if (!object) return null;
  const first = new Uint8Array(await object.arrayBuffer());
  const { size } = object;
  return {
    size,
    async read(offset, length) {
      const end = Math.min(offset + length, size);
      if (end <= first.length) return first.subarray(offset, end);
      const range = await bucket.get(key, { range: { offset, length: end - offset } });
      // Deleted meanwhile (a Cancel): nothing more to read.
      return new Uint8Array((await range?.arrayBuffer()) ?? new ArrayBuffer(0));
    },
  };
}

type Check = (file: StoredFile) => Promise<Refusal | null>;

const published: Check = (file) => checkStoredJpeg(file, { published: true });

// A photo's private original need only be a JPEG; what visitors get is whole and tells no place.
export async function checkContent(
  bucket: R2Bucket,
  upload: Upload,
  versionKeys: string[],
): Promise<Refusal | null> {
  const checks: Array<[string, Check]> = [
    [
      upload.objectKey,
      upload.kind === "photo"
        ? (file) => checkStoredJpeg(file, { published: false })
        : checkStoredMovie,
    ],
    ...versionKeys.map((key): [string, Check] => [key, published]),
  ];
  const refusals = await Promise.all(
    checks.map(async ([key, check]) => {
      const file = await storedFile(bucket, key);
      return file ? check(file) : "not_whole";
    }),
  );
  return refusals.find((refusal) => refusal !== null) ?? null;
}

/** A photo's tile sheet is its web version's, cut by `index` (ADR 032); neither is fine too. */
export async function sheetFits(
  bucket: R2Bucket,
  upload: Upload,
  index: TileSheetIndex | undefined,
): Promise<boolean> {
  const sheet = upload.tilesKey ? await bucket.get(upload.tilesKey) : null;
  if (!sheet || !index) {
    await sheet?.body.cancel();
    return !sheet && !index;
  }
  const web = await storedFile(bucket, upload.fileKey);
  const frame = web && headFrame(await web.read(0, FIRST_READ));
  return (
    frame?.width === index.width &&
    frame.height === index.height &&
    isTileSheet(new Uint8Array(await sheet.arrayBuffer()), index)
  );
}
