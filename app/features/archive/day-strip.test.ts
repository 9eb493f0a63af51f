import { describe, expect, test } from "vitest";
import { type DayStrip, slotAt, stripDrawing } from "./day-strip.ts";

const strip = (colours: string): DayStrip => ({
  day: "2026-06-15",
  start: 1_000_000,
  step: 600_000,
  colours,
  noon: null,
});

describe("a day's strip", () => {
  test("draws a rect per run of one colour, leaving gaps undrawn", () => {
    expect(stripDrawing(strip("369369---c64"))).toEqual({
      columns: 4,
      rects:
        '<rect x="0" width="2" height="1" fill="#369"/><rect x="3" width="1" height="1" fill="#c64"/>',
    });
  });

  test("draws nothing but hex digits", () => {
    expect(stripDrawing(strip('"/>abc')).rects).toBe(
      '<rect x="1" width="1" height="1" fill="#abc"/>',
    );
  });

  test("opens the slot under the point, or the nearest with a colour", () => {
    const day = strip("369------c64");
    expect(slotAt(day, 0.1)).toBe(1_000_000);
    expect(slotAt(day, 0.99)).toBe(1_000_000 + 3 * 600_000);
    expect(slotAt(day, 0.3)).toBe(1_000_000);
    expect(slotAt(day, 0.6)).toBe(1_000_000 + 3 * 600_000);
    // As near both, the earlier.
    expect(slotAt(strip("369---c64"), 0.5)).toBe(1_000_000);
    expect(slotAt(strip("------"), 0.5)).toBeNull();
  });
});
