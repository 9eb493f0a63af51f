import exifr from "exifr/dist/mini.esm.mjs";
import { scaledWidth, VERSIONS } from "#app/features/uploads/upload-limits.ts";
import { canvasJpeg, makeShareCard } from "./share-card.ts";
import { makeWebTileSheet, type WebTileSheet } from "./web-tile-sheet.ts";

export type ImageVersions = {
  web: Blob;
  medium: Blob;
  small: Blob;
  thumbnail: Blob;
  card: Blob | null;
  tiles: WebTileSheet | null;
  width: number;
  height: number;
  takenAt: number;
};

function scaled(bitmap: ImageBitmap, longSide: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = scaledWidth(bitmap.width, bitmap.height, longSide);
  canvas.height = scaledWidth(bitmap.height, bitmap.width, longSide);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

const encode = (bitmap: ImageBitmap, longSide: number, quality: number) =>
  canvasJpeg(scaled(bitmap, longSide), quality);

async function takenAt(file: File): Promise<number> {
  const exif: { DateTimeOriginal?: unknown } | undefined = await exifr
    .parse(file, { pick: ["DateTimeOriginal"] })
    .catch(() => undefined);
  const date = exif?.DateTimeOriginal;
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.getTime() : file.lastModified;
}

// A canvas carries no metadata: no EXIF or GPS of the original goes along.
export async function makeImageVersions(file: File): Promise<ImageVersions> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  try {
    const webCanvas = scaled(bitmap, VERSIONS.web.longSide);
    const web = await canvasJpeg(webCanvas, 0.85);
    const tiles = await makeWebTileSheet(webCanvas);
    const medium = await encode(bitmap, VERSIONS.medium.longSide, 0.82);
    const small = await encode(bitmap, VERSIONS.small.longSide, 0.82);
    const thumbnail = await encode(bitmap, VERSIONS.thumbnail.longSide, 0.8);
    const card = await makeShareCard(bitmap, bitmap.width, bitmap.height);
    return {
      web,
      medium,
      small,
      thumbnail,
      card,
      tiles,
      width: bitmap.width,
      height: bitmap.height,
      takenAt: await takenAt(file),
    };
  } finally {
    bitmap.close();
  }
}
