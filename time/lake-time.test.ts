import { expect, test } from "vitest";
import { LAKE_TIME_ZONE, lakeWallClock } from "./lake-time.ts";

test("an instant's address is the lake's wall clock, summer and winter", () => {
  expect(lakeWallClock(Date.UTC(2026, 10, 22, 13, 30))).toBe("2026-11-22T14:30");
  expect(lakeWallClock(Date.UTC(2026, 6, 1, 22, 10))).toBe("2026-07-02T00:10");
  // The clocks go back on 25 October 2026: 02:00–03:00 comes twice, the first pass marked.
  expect(lakeWallClock(Date.UTC(2026, 9, 24, 23, 50))).toBe("2026-10-25T01:50");
  expect(lakeWallClock(Date.UTC(2026, 9, 25, 0, 0))).toBe("2026-10-25T02:00+02:00");
  expect(lakeWallClock(Date.UTC(2026, 9, 25, 0, 50))).toBe("2026-10-25T02:50+02:00");
  expect(lakeWallClock(Date.UTC(2026, 9, 25, 1, 0))).toBe("2026-10-25T02:00");
  expect(lakeWallClock(Date.UTC(2026, 9, 25, 2, 0))).toBe("2026-10-25T03:00");
  // They go forward on 29 March 2026: 02:00–03:00 never comes.
  expect(lakeWallClock(Date.UTC(2026, 2, 29, 0, 50))).toBe("2026-03-29T01:50");
  expect(lakeWallClock(Date.UTC(2026, 2, 29, 1, 0))).toBe("2026-03-29T03:00");
  expect(
    new Intl.DateTimeFormat("en", { timeZone: LAKE_TIME_ZONE }).resolvedOptions().timeZone,
  ).toBe("Europe/Rome");
});
