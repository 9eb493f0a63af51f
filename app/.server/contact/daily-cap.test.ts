import { describe, expect, test } from "vitest";
import { dailyAllowance, OPEN_MESSAGES } from "./daily-cap.ts";

const midnight = Date.UTC(2026, 5, 10);
const hour = 3_600_000;

describe("the day's allowance of messages", () => {
  test("opens the first messages at once and releases the rest of the cap through the day", () => {
    expect(OPEN_MESSAGES).toBe(20);
    expect(dailyAllowance(50, midnight)).toBe(21);
    expect(dailyAllowance(50, midnight + 6 * hour)).toBe(28);
    expect(dailyAllowance(50, midnight + 12 * hour)).toBe(36);
    expect(dailyAllowance(50, midnight + 24 * hour - 1)).toBe(50);
  });

  test("is the cap itself when the cap is no more than the open messages", () => {
    expect(dailyAllowance(10, midnight)).toBe(10);
    expect(dailyAllowance(20, midnight + 12 * hour)).toBe(20);
  });
});
