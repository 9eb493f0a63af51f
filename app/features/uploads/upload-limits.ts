import { SHARE_CARD } from "#protocol/share-card.ts";
import type { MAX_TILE_SHEET_BYTES } from "#protocol/tile-sheet.ts";

export const MiB = 1024 * 1024;

/** Every part but the last has exactly this size (R2 refuses unequal non-trailing parts). */
export const PART_SIZE = 10 * MiB;

export const MAX_BYTES = { photo: 50 * MiB, video: 4 * 1024 * MiB } as const;

/** Made in the browser, one PUT each: phones and the grid take the small ones (ADR 031). */
export const VERSIONS = {
  web: { longSide: 2560, maxBytes: 12 * MiB },
  medium: { longSide: 1280, maxBytes: 4 * MiB },
  small: { longSide: 960, maxBytes: 3 * MiB },
  thumbnail: { longSide: 640, maxBytes: 2 * MiB },
  /** Link previews' picture, cut to SHARE_CARD; taken when sent, so older tabs still upload. */
  card: { longSide: SHARE_CARD.width, maxBytes: SHARE_CARD.maxBytes },
  /** The web version as 256-px tiles for zoom, with its index in `complete` (ADR 032); optional too. */
  tiles: { longSide: 2560, maxBytes: 4_194_304 satisfies typeof MAX_TILE_SHEET_BYTES },
} as const;
export type Version = keyof typeof VERSIONS;
export const versions = Object.keys(VERSIONS) as Version[];

export function scaledWidth(width: number, height: number, longSide: number): number {
  return Math.round(width * Math.min(1, longSide / Math.max(width, height)));
}

export const uploadKinds = ["photo", "video"] as const;
export type UploadKind = (typeof uploadKinds)[number];

export const CONTENT_TYPES = {
  photo: ["image/jpeg"],
  video: ["video/mp4", "video/quicktime"],
} as const satisfies Record<UploadKind, readonly string[]>;

export function classifyFile(name: string): { kind: UploadKind; contentType: string } | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg")
    return { kind: "photo", contentType: "image/jpeg" };
  if (extension === "mp4") return { kind: "video", contentType: "video/mp4" };
  if (extension === "mov") return { kind: "video", contentType: "video/quicktime" };
  return null;
}

export function partCount(byteSize: number): number {
  return Math.max(1, Math.ceil(byteSize / PART_SIZE));
}

export function partLength(byteSize: number, n: number): number {
  return Math.min(PART_SIZE, byteSize - (n - 1) * PART_SIZE);
}
