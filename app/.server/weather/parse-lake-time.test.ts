import { expect, test } from "vitest";
import { fromLakeTime } from "#time/lake-time.ts";
import { parseLakeTime } from "./parse-lake-time.ts";

test("wall-clock times at the lake become instants, in summer and winter", () => {
  expect(parseLakeTime("2025-06-10T10:15")?.toISOString()).toBe("2025-06-10T08:15:00.000Z");
  expect(parseLakeTime("2025-01-10 08:00")?.toISOString()).toBe("2025-01-10T07:00:00.000Z");
  expect(fromLakeTime(Date.UTC(2026, 9, 8, 17, 43, 55)).toISOString()).toBe(
    "2026-10-08T15:43:55.000Z",
  );
});

test("the days the clocks change", () => {
  // 30 March 2025: 02:00 becomes 03:00; 26 October 2025: 03:00 becomes 02:00.
  expect(parseLakeTime("2025-03-30T01:30")?.toISOString()).toBe("2025-03-30T00:30:00.000Z");
  expect(parseLakeTime("2025-03-30T04:00")?.toISOString()).toBe("2025-03-30T02:00:00.000Z");
  expect(parseLakeTime("2025-10-26T05:31")?.toISOString()).toBe("2025-10-26T04:31:00.000Z");
});

test("anything else is not a time", () => {
  expect(parseLakeTime("10/06/2025 09:45")).toBeNull();
  expect(parseLakeTime("")).toBeNull();
});
