// Each tile row's visible span is one byte range (ADR 032); blob URLs live as long as the viewer.
import { useCallback, useEffect, useRef, useState } from "react";
import { TILE_SIZE, type TileSheet, tileGrid } from "#protocol/tile-sheet.ts";

export type ShownTile = { index: number; row: number; col: number; src: string };

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/** `load` waits until `layer` has reached the zoom's `targetScale`. */
export function useZoomTiles(
  sheet: TileSheet | null,
  layer: React.RefObject<HTMLElement | null>,
  stage: React.RefObject<HTMLElement | null>,
  targetScale: () => number,
) {
  const [tiles, setTiles] = useState<ShownTile[]>([]);
  const requested = useRef(new Set<number>());
  const urls = useRef<string[]>([]);
  const closed = useRef(false);

  useEffect(() => {
    const made = urls.current;
    closed.current = false;
    return () => {
      closed.current = true;
      for (const url of made) URL.revokeObjectURL(url);
      made.length = 0;
    };
  }, []);

  const load = useCallback(
    function load() {
      if (closed.current) return;
      const moving = layer.current?.getAnimations() ?? [];
      // Mid-animation the picture is not where it is going: ask for the tiles once it is there.
      if (moving.length > 0) {
        void Promise.all(moving.map((animation) => animation.finished)).then(load, () => {});
        return;
      }
      const picture = layer.current?.getBoundingClientRect();
      const view = stage.current?.getBoundingClientRect();
      if (!sheet || !picture || !view || picture.width === 0) return;
      // On a busy page the transition may not have started yet: the picture is still its old size.
      const goingTo = (layer.current?.offsetWidth ?? 0) * targetScale();
      if (Math.abs(picture.width - goingTo) > 1) {
        requestAnimationFrame(load);
        return;
      }
      const { width, height, offsets } = sheet.index;
      const { cols } = tileGrid(width, height);
      const perCssPixel = width / picture.width;
      // The picture's pixels from `from` to `to` CSS pixels past its edge, as tile numbers.
      const span = (from: number, to: number, size: number) =>
        [from * perCssPixel, to * perCssPixel - 1].map((pixel) =>
          Math.floor(clamp(pixel, size - 1) / TILE_SIZE),
        );
      const [firstCol = 0, lastCol = 0] = span(
        view.left - picture.left,
        view.right - picture.left,
        width,
      );
      const [firstRow = 0, lastRow = 0] = span(
        view.top - picture.top,
        view.bottom - picture.top,
        height,
      );
      for (let row = firstRow; row <= lastRow; row++) {
        const missing = [];
        for (let col = firstCol; col <= lastCol; col++) {
          if (!requested.current.has(row * cols + col)) missing.push(col);
        }
        const [first, last] = [missing[0], missing.at(-1)];
        if (first === undefined || last === undefined) continue;
        for (let col = first; col <= last; col++) requested.current.add(row * cols + col);
        const start = offsets[row * cols + first] ?? 0;
        const end = offsets[row * cols + last + 1] ?? 0;
        void fetch(sheet.url, { headers: { Range: `bytes=${start}-${end - 1}` } })
          .then(async (response) => {
            if (!response.ok) throw new Error(`tiles: ${response.status}`);
            const bytes = await response.arrayBuffer();
            if (closed.current) return;
            const base = response.status === 206 ? start : 0;
            const shown: ShownTile[] = [];
            for (let col = first; col <= last; col++) {
              const index = row * cols + col;
              const from = (offsets[index] ?? 0) - base;
              const to = (offsets[index + 1] ?? 0) - base;
              const src = URL.createObjectURL(
                new Blob([bytes.slice(from, to)], { type: "image/jpeg" }),
              );
              urls.current.push(src);
              shown.push({ index, row, col, src });
            }
            setTiles((before) => [...before, ...shown]);
          })
          .catch(() => {
            // The still stays; the tiles are asked for again on the next move.
            for (let col = first; col <= last; col++) requested.current.delete(row * cols + col);
          });
      }
    },
    [sheet, layer, stage, targetScale],
  );

  return { tiles, load };
}
