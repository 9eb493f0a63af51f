// A proposal's zoom is checked by content before anything is stored (ADR 032).
import { type JpegFrame, jpegFrame } from "#app/.server/files/jpeg.ts";
import { isTileSheet } from "#app/.server/files/tile-sheet.ts";
import {
  LARGE_WIDTH,
  MAX_LARGE_BYTES,
  MAX_TILE_SHEET_BYTES,
  TILE_SIZE,
  type TileSheetIndex,
} from "#protocol/tile-sheet.ts";

export type StillZoom = { index: TileSheetIndex; large: Uint8Array; tiles: Uint8Array };

export const zoomRule = `A proposal's zoom is its tile sheet (at most ${MAX_TILE_SHEET_BYTES} bytes of ${TILE_SIZE}×${TILE_SIZE} JPEGs, cut by the index in facts.tiles) and its large version (one JPEG ${LARGE_WIDTH} px wide or the frame's width, at most ${MAX_LARGE_BYTES} bytes), both of a frame wider than the still, in its proportions`;

/** `frame` in the proportions of `of`, to the pixel ffmpeg rounds to. */
const sameProportions = (frame: JpegFrame, of: JpegFrame) =>
  Math.abs(frame.height - (of.height * frame.width) / of.width) <= 1;

/** null: no zoom sent; false: a zoom that is not the still's frame, larger. */
export function readZoom(
  still: JpegFrame,
  index: TileSheetIndex | undefined,
  large: Uint8Array | undefined,
  tiles: Uint8Array | undefined,
): StillZoom | false | null {
  if (!index && !large && !tiles) return null;
  if (!index || !large || !tiles || index.width <= still.width) return false;
  if (!sameProportions(still, index)) return false;
  if (!isTileSheet(tiles, index)) return false;
  const largeFrame = jpegFrame(large);
  const largeOk =
    largeFrame !== null &&
    large.length <= MAX_LARGE_BYTES &&
    largeFrame.width === Math.min(LARGE_WIDTH, index.width) &&
    sameProportions(largeFrame, index);
  return largeOk && { index, large, tiles };
}
