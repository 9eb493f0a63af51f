import type { StillWeather } from "./stills.ts";

export const STRIP_GAP = "---";

/** A day from civil dawn to dusk: "#rgb" a slot from `start` (epoch ms), `step` apart. */
export type DayStrip = {
  day: string;
  start: number;
  step: number;
  colours: string;
  noon: Pick<StillWeather, "condition" | "temperature"> | null;
};

const columnsOf = (strip: DayStrip) => strip.colours.length / 3;
const columnColour = (strip: DayStrip, column: number) =>
  strip.colours.slice(3 * column, 3 * column + 3);

// One string, not React elements: a month's 3,000 columns would be as many fibres to hydrate.
export function stripDrawing(strip: DayStrip): { columns: number; rects: string } {
  const columns = columnsOf(strip);
  let rects = "";
  for (let x = 0, width = 1; x < columns; x += width) {
    const colour = columnColour(strip, x);
    for (width = 1; columnColour(strip, x + width) === colour; width++);
    if (/^[0-9a-f]{3}$/.test(colour)) {
      rects += `<rect x="${x}" width="${width}" height="1" fill="#${colour}"/>`;
    }
  }
  return { columns, rects };
}

export function slotAt(strip: DayStrip, fraction: number): number | null {
  const columns = columnsOf(strip);
  const picked = Math.min(columns - 1, Math.max(0, Math.floor(fraction * columns)));
  for (let distance = 0; distance < columns; distance++) {
    for (const column of [picked - distance, picked + distance]) {
      if (column >= 0 && column < columns && columnColour(strip, column) !== STRIP_GAP) {
        return strip.start + column * strip.step;
      }
    }
  }
  return null;
}
