import { describe, expect, test } from "vitest";
import {
  evaluatePreconditions,
  parseEntityTags,
  parseHttpDate,
  rangeStillApplies,
} from "./conditional-request.ts";

const file = { etag: '"abc"', lastModified: new Date("2026-11-22T18:51:30.700Z") };
const stored = "Sun, 22 Nov 2026 18:51:30 GMT";
const earlier = "Sun, 22 Nov 2026 18:51:29 GMT";
const check = (headers: Record<string, string>) =>
  evaluatePreconditions(new Headers(headers), file);

describe("entity tag lists", () => {
  test("parse strong and weak tags, lists with empty members, and *", () => {
    expect(parseEntityTags('"abc"')).toEqual([{ weak: false, opaque: '"abc"' }]);
    expect(parseEntityTags(' W/"x" ,, "y",')).toEqual([
      { weak: true, opaque: '"x"' },
      { weak: false, opaque: '"y"' },
    ]);
    expect(parseEntityTags('"a,b", ""')).toEqual([
      { weak: false, opaque: '"a,b"' },
      { weak: false, opaque: '""' },
    ]);
    expect(parseEntityTags("*")).toBe("*");
  });

  test("refuse unquoted tags, stray text, a lone W/ and empty values", () => {
    for (const value of [
      "abc",
      '"abc',
      "W/abc",
      '"a" "b"',
      'w/"a"',
      "W/",
      ",",
      "",
      '"a"x',
      '*, "a"',
    ]) {
      expect(parseEntityTags(value), value).toBeNull();
    }
  });
});

describe("HTTP dates", () => {
  test("accept the three forms RFC 9110 requires", () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(expected);
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).toBe(expected);
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(expected);
  });

  test("reject anything else, and dates that do not exist", () => {
    for (const value of [
      "2026-11-22T18:51:30Z",
      "Sun, 22 Nov 2026 18:51:30 +0000",
      "Sun, 31 Feb 2026 10:00:00 GMT",
      "Sun, 22 Nov 2026 25:00:00 GMT",
      "yesterday",
      "",
    ]) {
      expect(parseHttpDate(value), value).toBeNull();
    }
  });
});

describe("preconditions of a GET or HEAD", () => {
  test("If-None-Match: any weakly matching tag or * is 304, others proceed", () => {
    expect(check({ "If-None-Match": '"abc"' })).toBe("not-modified");
    expect(check({ "If-None-Match": 'W/"abc"' })).toBe("not-modified");
    expect(check({ "If-None-Match": '"x", W/"abc"' })).toBe("not-modified");
    expect(check({ "If-None-Match": "*" })).toBe("not-modified");
    expect(check({ "If-None-Match": '"x", "y"' })).toBe("proceed");
  });

  test("a malformed If-None-Match matches nothing: the file is served", () => {
    expect(check({ "If-None-Match": "abc" })).toBe("proceed");
  });

  test("If-Match needs a strong match or *, otherwise 412 (malformed included)", () => {
    expect(check({ "If-Match": '"abc"' })).toBe("proceed");
    expect(check({ "If-Match": '"x", "abc"' })).toBe("proceed");
    expect(check({ "If-Match": "*" })).toBe("proceed");
    expect(check({ "If-Match": 'W/"abc"' })).toBe("precondition-failed");
    expect(check({ "If-Match": '"x"' })).toBe("precondition-failed");
    expect(check({ "If-Match": "abc" })).toBe("precondition-failed");
  });

  test("a failed If-Match is 412 even when If-None-Match would say 304", () => {
    expect(check({ "If-Match": '"x"', "If-None-Match": '"abc"' })).toBe("precondition-failed");
    expect(check({ "If-Match": '"abc"', "If-None-Match": '"abc"' })).toBe("not-modified");
  });

  test("dates count in whole seconds; If-Match and If-None-Match take precedence", () => {
    expect(check({ "If-Modified-Since": stored })).toBe("not-modified");
    expect(check({ "If-Modified-Since": earlier })).toBe("proceed");
    expect(check({ "If-Modified-Since": stored, "If-None-Match": '"x"' })).toBe("proceed");
    expect(check({ "If-Unmodified-Since": stored })).toBe("proceed");
    expect(check({ "If-Unmodified-Since": earlier })).toBe("precondition-failed");
    expect(check({ "If-Unmodified-Since": earlier, "If-Match": '"abc"' })).toBe("proceed");
  });

  test("malformed dates are ignored", () => {
    expect(check({ "If-Modified-Since": "not a date" })).toBe("proceed");
    expect(check({ "If-Unmodified-Since": "not a date" })).toBe("proceed");
  });
});

describe("If-Range", () => {
  const applies = (value?: string) =>
    rangeStillApplies(new Headers(value === undefined ? {} : { "If-Range": value }), file);

  test("a range applies without If-Range, or when it names this file strongly or exactly", () => {
    expect(applies()).toBe(true);
    expect(applies('"abc"')).toBe(true);
    expect(applies(stored)).toBe(true);
  });

  test("a weak, other or malformed validator gets the whole file", () => {
    for (const value of ['W/"abc"', '"x"', earlier, "abc", '"abc", "x"', "*"]) {
      expect(applies(value), value).toBe(false);
    }
  });
});
