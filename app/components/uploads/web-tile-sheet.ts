import { VERSIONS } from "#app/features/uploads/upload-limits.ts";
import {
  joinTiles,
  MAX_SHEET_BYTES_PER_PIXEL,
  MAX_TILE_SHEET_BYTES,
  TILE_SIZE,
  type TileSheetIndex,
  tileGrid,
} from "#protocol/tile-sheet.ts";
import { canvasJpeg } from "./share-card.ts";

/** Finer first: the first sheet within MAX_SHEET_BYTES_PER_PIXEL goes, as the box's (ADR 032). */
const SHEET_QUALITIES = [0.82, 0.7, 0.6];

export type WebTileSheet = { sheet: Blob; index: TileSheetIndex };

async function tilesAt(web: HTMLCanvasElement, tile: HTMLCanvasElement, quality: number) {
  const context = tile.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  const { cols, rows } = tileGrid(web.width, web.height);
  const tiles: Uint8Array[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      // Edge tiles are padded black, as the box pads its frames.
      context.fillStyle = "#000";
      context.fillRect(0, 0, TILE_SIZE, TILE_SIZE);
      const [x, y] = [col * TILE_SIZE, row * TILE_SIZE];
      const [w, h] = [Math.min(TILE_SIZE, web.width - x), Math.min(TILE_SIZE, web.height - y)];
      context.drawImage(web, x, y, w, h, 0, 0, w, h);
      tiles.push(new Uint8Array(await (await canvasJpeg(tile, quality)).arrayBuffer()));
    }
  }
  return tiles;
}

/** The web version in 256-px tiles; null when the gallery's viewer already shows all of it. */
export async function makeWebTileSheet(web: HTMLCanvasElement): Promise<WebTileSheet | null> {
  const { width, height } = web;
  if (Math.max(width, height) <= VERSIONS.medium.longSide) return null;
  const tile = document.createElement("canvas");
  tile.width = TILE_SIZE;
  tile.height = TILE_SIZE;
  const dense = width * height * MAX_SHEET_BYTES_PER_PIXEL;
  let made: ReturnType<typeof joinTiles> | null = null;
  for (const quality of SHEET_QUALITIES) {
    made = joinTiles(await tilesAt(web, tile, quality));
    if (made.sheet.length <= dense) break;
  }
  if (!made || made.sheet.length > MAX_TILE_SHEET_BYTES) return null;
  return {
    sheet: new Blob([made.sheet], { type: "image/jpeg" }),
    index: { width, height, tile: TILE_SIZE, offsets: made.offsets },
  };
}
