// Tiles row-major in one object, so a window's tile rows are byte ranges (ADR 032); no zod: the zoom viewer reads it.

export const TILE_SIZE = 256;
/** The widest frame kept: a 4K camera's. */
export const MAX_TILED_WIDTH = 3840;
export const MAX_TILED_HEIGHT = 4096;
/** 4 MiB, as a literal: the upload limits check their copy against its type, importing no code. */
export const MAX_TILE_SHEET_BYTES = 4_194_304;
/** Sheets at most this dense keep a 1:1 window of 1366×768 (up to 4×7 tiles) within 400 kB. */
export const MAX_SHEET_BYTES_PER_PIXEL = 0.2;
/** `large`: the frame this wide (or its own width), for `srcset` on wide screens. */
export const LARGE_WIDTH = 2560;
export const MAX_LARGE_BYTES = 1.5 * 1024 * 1024;
/** Form parts sent only with a proposal whose frame is wider than the still. */
export const STILL_LARGE = "large";
export const STILL_TILES = "tiles";
export const zoomFiles = [STILL_LARGE, STILL_TILES] as const;
export type ZoomFile = (typeof zoomFiles)[number];

/** Where each tile starts in the sheet; the last offset is the sheet's length. */
export type TileSheetIndex = {
  width: number;
  height: number;
  tile: typeof TILE_SIZE;
  offsets: number[];
};

export type TileSheet = { url: string; index: TileSheetIndex };

export const tileGrid = (width: number, height: number) => ({
  cols: Math.ceil(width / TILE_SIZE),
  rows: Math.ceil(height / TILE_SIZE),
});

/** The sheet's tiles in order; null when the offsets do not cut `sheet` exactly. */
export function tilesOf(sheet: Uint8Array, offsets: readonly number[]): Uint8Array[] | null {
  if (offsets[0] !== 0 || offsets.at(-1) !== sheet.length) return null;
  const tiles: Uint8Array[] = [];
  for (let i = 1; i < offsets.length; i++) {
    const start = offsets[i - 1] ?? 0;
    const end = offsets[i] ?? 0;
    if (end <= start) return null;
    tiles.push(sheet.subarray(start, end));
  }
  return tiles;
}

export function joinTiles(tiles: readonly Uint8Array[]): {
  sheet: Uint8Array<ArrayBuffer>;
  offsets: number[];
} {
  const offsets = [0];
  for (const tile of tiles) offsets.push((offsets.at(-1) ?? 0) + tile.length);
  const sheet = new Uint8Array(offsets.at(-1) ?? 0);
  for (const [i, tile] of tiles.entries()) sheet.set(tile, offsets[i]);
  return { sheet, offsets };
}
