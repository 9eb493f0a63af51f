import { expect, test } from "vitest";
import { isYesterday, timelapseLength } from "./media-labels";

test("time-lapse lengths read like the gallery's entries", () => {
  expect(timelapseLength(180)).toEqual({ unit: "minutes", value: 3 });
  expect(timelapseLength(150)).toEqual({ unit: "seconds", value: 150 });
  expect(timelapseLength(8.04)).toEqual({ unit: "seconds", value: 8 });
  expect(timelapseLength(60)).toEqual({ unit: "seconds", value: 60 });
});

test("yesterday is counted in the lake's time zone", () => {
  const now = new Date("2025-06-10T06:00:00Z"); // 08:00 in Italy
  expect(isYesterday(new Date("2025-06-09T04:00:00Z"), now)).toBe(true);
  expect(isYesterday(new Date("2025-06-08T22:30:00Z"), now)).toBe(true); // 00:30 on the 9th
  expect(isYesterday(new Date("2025-06-08T21:30:00Z"), now)).toBe(false);
  expect(isYesterday(new Date("2025-06-10T05:00:00Z"), now)).toBe(false);
});
