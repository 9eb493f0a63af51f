import { expect, test } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatMonth,
  formatNumber,
  formatTime,
  formatWait,
} from "./format.ts";

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

test("times are the lake's, in summer and in winter", () => {
  expect(formatTime("de", "2025-06-10T08:42:00Z")).toBe("10:42");
  expect(formatTime("en", "2025-01-10T08:42:00Z")).toBe("9:42 AM");
  expect(formatDateTime("it", "2025-06-10T06:00:00Z")).toBe("10 giugno alle ore 8:00");
  expect(formatDay("fr", "2025-06-10")).toBe("mardi 10 juin");
  expect(formatMonth("es", 6)).toBe("junio");
});

test("a wait reads as seconds, then as whole minutes rounded up", () => {
  expect(formatWait("en", 10)).toBe("in 10 seconds");
  expect(formatWait("de", 89)).toBe("in 89 Sekunden");
  expect(formatWait("it", 90)).toBe("tra 2 minuti");
  expect(formatWait("fr", 900)).toBe("dans 15 minutes");
  expect(formatWait("es", 0.2)).toBe("dentro de 1 segundo");
});
