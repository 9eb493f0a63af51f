import { expect, test } from "vitest";
import { lakeWallClock } from "#time/lake-time.ts";
import { sameTimeEarlier } from "./archive-page.ts";

const earlier = (at: string, back: "day" | "week" | "year") =>
  lakeWallClock(sameTimeEarlier(at, back));

test("comparisons keep the lake's wall clock, across clock changes and leap days", () => {
  expect(earlier("2026-11-22T14:30", "day")).toBe("2026-11-21T14:30");
  expect(earlier("2026-11-01T09:00", "week")).toBe("2026-10-25T09:00"); // clocks went back
  expect(earlier("2026-03-30T12:00", "day")).toBe("2026-03-29T12:00"); // clocks went forward
  expect(earlier("2026-01-03T08:10", "week")).toBe("2025-12-27T08:10");
  expect(earlier("2028-02-29T10:00", "year")).toBe("2027-02-28T10:00");
  expect(earlier("2026-11-22T14:30", "year")).toBe("2025-11-22T14:30");
  // The first pass of the hour the clocks went back: the day before has one 02:30.
  expect(earlier("2026-10-25T02:30+02:00", "day")).toBe("2026-10-24T02:30");
});
