import { describe, expect, test } from "vitest";
import { formatArchiveDay, monthGrid, shiftMonth, weekdayNames } from "./archive-format.ts";

describe("archive calendar", () => {
  test("a month starts on its weekday, Monday first", () => {
    // 1 November 2026 is a Sunday: six blank cells before it.
    expect(monthGrid("2026-11")).toMatchObject({ lead: 6 });
    expect(monthGrid("2026-11").days).toHaveLength(30);
    expect(monthGrid("2024-02").days.at(-1)).toBe("2024-02-29");
    expect(monthGrid("2026-06").lead).toBe(0);
  });

  test("months step across years", () => {
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(shiftMonth("2025-12", 1)).toBe("2026-01");
  });

  test("days and weekdays read naturally in each language", () => {
    expect(formatArchiveDay("de", "2026-11-22")).toBe("Sonntag, 22. November 2026");
    expect(formatArchiveDay("en", "2026-11-22")).toBe("Sunday, November 22, 2026");
    expect(weekdayNames("it")[0]?.long).toBe("lunedì");
  });
});
