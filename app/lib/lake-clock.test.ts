import { expect, test } from "vitest";
import { LAKE_TIME_ZONE } from "./format";
import { lakeWallClock } from "./lake-clock";

test("an instant's address is the lake's wall clock, summer and winter", () => {
  expect(lakeWallClock(Date.UTC(2026, 10, 22, 13, 30))).toBe("2026-11-22T14:30");
  expect(lakeWallClock(Date.UTC(2026, 6, 1, 22, 10))).toBe("2026-07-02T00:10");
  expect(
    new Intl.DateTimeFormat("en", { timeZone: LAKE_TIME_ZONE }).resolvedOptions().timeZone,
  ).toBe("Europe/Rome");
});
