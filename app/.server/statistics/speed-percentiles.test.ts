import { describe, expect, test } from "vitest";
import { fieldSpeedOf, percentileOf, speedBucket } from "./speed-percentiles.ts";

describe("a live start's bucket", () => {
  test("is the first edge at or above it, and 'over' past the last", () => {
    expect(speedBucket("live_start", 0)).toBe("500");
    expect(speedBucket("live_start", 1500)).toBe("1500");
    expect(speedBucket("live_start", 1501)).toBe("2000");
    expect(speedBucket("live_start", 15_000)).toBe("15000");
    expect(speedBucket("live_start", 15_001)).toBe("over");
  });

  test("a layout shift's fractional edges survive the counter's string value", () => {
    expect(speedBucket("cls", 0)).toBe("0.01");
    expect(speedBucket("cls", 0.1)).toBe("0.1");
    expect(speedBucket("cls", 0.1001)).toBe("0.15");
    expect(speedBucket("cls", 1.2)).toBe("over");
    expect(
      percentileOf(
        "cls",
        [
          { value: "0.1", count: 3 },
          { value: "0.05", count: 1 },
        ],
        75,
      ),
    ).toEqual({
      upTo: 0.1,
      over: false,
    });
  });
});

describe("a percentile of daily buckets", () => {
  const buckets = [
    { value: "2500", count: 8 },
    { value: "over", count: 2 },
    { value: "1500", count: 10 },
  ];

  test("is the bucket holding that share of the figures, in the edges' order", () => {
    expect(percentileOf("live_start", buckets, 50)).toEqual({ upTo: 1500, over: false });
    expect(percentileOf("live_start", buckets, 51)).toEqual({ upTo: 2500, over: false });
    expect(percentileOf("live_start", buckets, 90)).toEqual({ upTo: 2500, over: false });
    expect(percentileOf("live_start", buckets, 95)).toEqual({ upTo: 15_000, over: true });
  });

  test("is nothing without figures, and a value no edge ever had is left out", () => {
    expect(percentileOf("live_start", [], 50)).toBeNull();
    expect(percentileOf("live_start", [{ value: "fast", count: 3 }], 50)).toBeNull();
  });
});

test("the owner's figures count a day in the 30 days, and in the 7 only from its first day", () => {
  const rows = [
    { day: "2026-11-10", dimension: "live_start", value: "500", count: 30 },
    { day: "2026-11-28", dimension: "live_start", value: "3000", count: 4 },
    { day: "2026-11-29", dimension: "live_start", value: "3000", count: 5 },
    { day: "2026-11-29", dimension: "event", value: "like", count: 7 },
  ];
  expect(fieldSpeedOf(rows, "2026-11-23")).toEqual({
    samples: {
      live_start: { week: 9, month: 39 },
      lcp: { week: 0, month: 0 },
      inp: { week: 0, month: 0 },
      cls: { week: 0, month: 0 },
    },
    figures: [
      { week: { upTo: 3000, over: false }, month: { upTo: 500, over: false } },
      { week: { upTo: 3000, over: false }, month: { upTo: 3000, over: false } },
      // The Web Vitals' p75, without a figure in either period.
      ...Array(3).fill({ week: null, month: null }),
    ],
  });
});
