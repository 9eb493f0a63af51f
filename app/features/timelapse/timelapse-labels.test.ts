import { expect, test } from "vitest";
import { isYesterday, timelapseLength, yesterdaysTimelapse } from "./timelapse-labels.ts";

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

test("yesterday's film is awaited from midnight until the morning, then called late", () => {
  const film = new Date("2025-06-09T10:00:00Z"); // the 9th, filmed around noon
  expect(yesterdaysTimelapse(film, new Date("2025-06-10T03:00:00Z"))).toBe("arrived");
  expect(yesterdaysTimelapse(film, new Date("2025-06-10T21:00:00Z"))).toBe("arrived");
  // The night of the 10th to the 11th: 01:30 and 06:59 at the lake, then 07:00.
  expect(yesterdaysTimelapse(film, new Date("2025-06-10T23:30:00Z"))).toBe("rendering");
  expect(yesterdaysTimelapse(film, new Date("2025-06-11T04:59:00Z"))).toBe("rendering");
  expect(yesterdaysTimelapse(film, new Date("2025-06-11T05:00:00Z"))).toBe("late");
  expect(yesterdaysTimelapse(null, new Date("2025-06-11T12:00:00Z"))).toBe("late");
});

test("yesterday is the calendar's on the night after the clocks go forward (a 23-hour day)", () => {
  // 00:30 on Monday 30 March 2026 at the lake: 24 hours earlier the clocks showed Saturday 23:30.
  const now = new Date("2026-03-29T22:30:00Z");
  const sunday = new Date("2026-03-29T10:00:00Z");
  const saturday = new Date("2026-03-28T11:00:00Z");
  expect(isYesterday(sunday, now)).toBe(true);
  expect(isYesterday(saturday, now)).toBe(false);
  expect(yesterdaysTimelapse(saturday, now)).toBe("rendering");
  expect(yesterdaysTimelapse(sunday, now)).toBe("arrived");
});
