// A proposal's zoom (ADR 032), made only when the frame is wider than the still.
import {
  joinTiles,
  LARGE_WIDTH,
  MAX_LARGE_BYTES,
  MAX_SHEET_BYTES_PER_PIXEL,
  MAX_TILE_SHEET_BYTES,
  MAX_TILED_WIDTH,
  TILE_SIZE,
  type TileSheetIndex,
  tileGrid,
} from "#protocol/tile-sheet.ts";
import type { BoxConfig } from "./config.ts";
import { FULL_HD_WIDTH, smallerStillArgs } from "./hls.ts";
import { reencodedWithin } from "./jpeg-encode.ts";

/** Finer first: the first sheet within MAX_SHEET_BYTES_PER_PIXEL goes. */
const SHEET_QUALITIES = [5, 8, 12] as const;

export function jpegSize(jpeg: Uint8Array): { width: number; height: number } | null {
  const at = (i: number) => jpeg[i] ?? 0;
  for (let i = 2; i + 9 < jpeg.length && at(i) === 0xff; i += 2 + ((at(i + 2) << 8) | at(i + 3))) {
    if (at(i + 1) >= 0xc0 && at(i + 1) <= 0xc2) {
      return { height: (at(i + 5) << 8) | at(i + 6), width: (at(i + 7) << 8) | at(i + 8) };
    }
  }
  return null;
}

// Padded black to whole tiles, then one JPEG per tile, row by row.
const sheetArgs = (cols: number, rows: number) => (quality: number) => [
  ...["-hide_banner", "-loglevel", "error", "-f", "jpeg_pipe", "-i", "pipe:0"],
  ...["-vf", `pad=${cols * TILE_SIZE}:${rows * TILE_SIZE}:0:0:black,untile=${cols}x${rows}`],
  ...["-q:v", String(quality), "-f", "image2pipe", "-c:v", "mjpeg", "pipe:1"],
];

/** ffmpeg's JPEGs one after another, cut where one ends (EOI) and the next starts (SOI). */
export function splitJpegs(bytes: Uint8Array): Uint8Array[] {
  const jpegs: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (
      bytes[i] === 0xff &&
      bytes[i + 1] === 0xd9 &&
      bytes[i + 2] === 0xff &&
      bytes[i + 3] === 0xd8
    ) {
      jpegs.push(bytes.subarray(start, i + 2));
      start = i + 2;
    }
  }
  if (bytes.length > start) jpegs.push(bytes.subarray(start));
  return jpegs;
}

export type StillZoom = {
  index: TileSheetIndex;
  large: Uint8Array<ArrayBuffer>;
  tiles: Uint8Array<ArrayBuffer>;
};

/** The frame's zoom; null when it is no wider than the still, or too detailed for the Worker's limits. */
export async function stillZoom(
  config: BoxConfig,
  frame: Uint8Array<ArrayBuffer>,
): Promise<StillZoom | null> {
  const size = jpegSize(frame);
  if (!size || size.width <= FULL_HD_WIDTH || size.width > MAX_TILED_WIDTH) return null;
  const { cols, rows } = tileGrid(size.width, size.height);
  const dense = Math.floor(size.width * size.height * MAX_SHEET_BYTES_PER_PIXEL);
  const made = await reencodedWithin(config, frame, sheetArgs(cols, rows), dense, SHEET_QUALITIES);
  const tiles = splitJpegs(made);
  if (tiles.length !== cols * rows || made.length > MAX_TILE_SHEET_BYTES) return null;
  const large = await reencodedWithin(
    config,
    frame,
    (quality) => smallerStillArgs(LARGE_WIDTH, quality),
    MAX_LARGE_BYTES,
  );
  if (large.length > MAX_LARGE_BYTES) return null;
  const { sheet, offsets } = joinTiles(tiles);
  return { index: { ...size, tile: TILE_SIZE, offsets }, large, tiles: sheet };
}
