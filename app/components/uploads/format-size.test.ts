import { expect, test } from "vitest";
import { formatBytes } from "./format-size.ts";

test("a size reads in kB below a megabyte and in MB above, in each language's words", () => {
  expect(formatBytes("en", 0)).toBe("0 kB");
  expect(formatBytes("en", 31_412)).toBe("31 kB");
  // French sets a narrow no-break space before the unit.
  expect(formatBytes("fr", 999_400)).toBe("999\u202fko");
  expect(formatBytes("de", 999_600)).toBe("1 MB");
  expect(formatBytes("it", 150_000_000)).toBe("150 MB");
  expect(formatBytes("es", 2_460_000)).toBe("2,5 MB");
  expect(formatBytes("de", 480_000, { perSecond: true })).toBe("480 kB/s");
  expect(formatBytes("en", 3_200_000, { perSecond: true })).toBe("3.2 MB/s");
});
