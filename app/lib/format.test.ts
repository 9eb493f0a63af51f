import { expect, test } from "vitest";
import { formatDate, formatNumber } from "./format";

test("legal dates read naturally in each language", () => {
  expect(formatDate("de", "2025-06-10")).toBe("10. Juni 2025");
  expect(formatDate("en", "2025-06-10")).toBe("June 10, 2025");
  expect(formatDate("it", "2025-06-10")).toBe("10 giugno 2025");
  expect(formatDate("fr", "2025-06-10")).toBe("10 juin 2025");
  expect(formatDate("es", "2025-06-10")).toBe("10 de junio de 2025");
});

test("coordinates use the locale's decimal separator", () => {
  expect(formatNumber("de", 45.6106)).toBe("45,611");
  expect(formatNumber("en", 45.6106, { maximumFractionDigits: 4 })).toBe("45.6106");
});
