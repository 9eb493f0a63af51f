import { jpegFrame } from "#app/.server/files/jpeg.ts";
import {
  MAX_TILE_SHEET_BYTES,
  TILE_SIZE,
  type TileSheetIndex,
  tileGrid,
  tilesOf,
} from "#protocol/tile-sheet.ts";

const isTile = (tile: Uint8Array) => {
  const frame = jpegFrame(tile);
  return frame?.width === TILE_SIZE && frame.height === TILE_SIZE;
};

/** `sheet` is `index`'s grid of 256×256 JPEGs, cut exactly by its offsets, within the sheet's bytes. */
export function isTileSheet(sheet: Uint8Array, index: TileSheetIndex): boolean {
  const { cols, rows } = tileGrid(index.width, index.height);
  if (sheet.length > MAX_TILE_SHEET_BYTES || index.offsets.length !== cols * rows + 1) return false;
  return tilesOf(sheet, index.offsets)?.every(isTile) ?? false;
}
