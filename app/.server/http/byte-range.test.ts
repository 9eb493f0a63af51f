import { expect, test } from "vitest";
import { parseByteRange } from "./byte-range.ts";

test("reads the byte ranges video players send", () => {
  expect(parseByteRange("bytes=0-", 1000)).toEqual({ offset: 0, length: 1000 });
  expect(parseByteRange("bytes=100-199", 1000)).toEqual({ offset: 100, length: 100 });
  expect(parseByteRange("bytes=900-5000", 1000)).toEqual({ offset: 900, length: 100 });
  expect(parseByteRange("bytes=-10", 1000)).toEqual({ offset: 990, length: 10 });
  expect(parseByteRange("bytes=-5000", 1000)).toEqual({ offset: 0, length: 1000 });
  expect(parseByteRange("Bytes=0-9", 1000)).toEqual({ offset: 0, length: 10 });
});

test("refuses ranges outside the file and ignores what it cannot read", () => {
  expect(parseByteRange("bytes=1000-", 1000)).toBe("unsatisfiable");
  expect(parseByteRange("bytes=-0", 1000)).toBe("unsatisfiable");
  expect(parseByteRange(undefined, 1000)).toBeNull();
  expect(parseByteRange("bytes=5-1", 1000)).toBeNull();
  expect(parseByteRange("bytes=0-1,5-9", 1000)).toBeNull();
  expect(parseByteRange("items=0-1", 1000)).toBeNull();
});
