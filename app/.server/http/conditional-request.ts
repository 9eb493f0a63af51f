// RFC 9110 §13, parsed here rather than by R2 so a malformed header is a precondition, not an exception.

export type EntityTag = { weak: boolean; opaque: string };

export type Validators = { etag: string; lastModified: Date };

export type Precondition = "proceed" | "not-modified" | "precondition-failed";

// etagc allows commas inside the quotes, so the list cannot simply be split.
const LIST_MEMBER = /[ \t]*(?:(W\/)?("[\x21\x23-\x7e\x80-\xff]*"))?[ \t]*(?:,|$)/y;

/** null for an invalid value, which then matches nothing. */
export function parseEntityTags(value: string): "*" | EntityTag[] | null {
  if (value.trim() === "*") return "*";
  const tags: EntityTag[] = [];
  const member = new RegExp(LIST_MEMBER);
  while (member.lastIndex < value.length) {
    const start = member.lastIndex;
    const match = member.exec(value);
    if (!match || member.lastIndex === start) return null;
    const [, weak, opaque] = match;
    if (opaque) tags.push({ weak: weak !== undefined, opaque });
  }
  return tags.length > 0 ? tags : null;
}

const weakMatch = (a: EntityTag, b: EntityTag) => a.opaque === b.opaque;
const strongMatch = (a: EntityTag, b: EntityTag) => !a.weak && !b.weak && a.opaque === b.opaque;

const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH = `(?<month>${MONTHS.join("|")})`;
const TIME = "(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})";
// The three forms of HTTP-date a recipient must accept (RFC 9110 §5.6.7).
const HTTP_DATES = [
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(`^${LONG_DAY}, (?<day>\\d{2})-${MONTH}-(?<year>\\d{2}) ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

export function parseHttpDate(value: string): number | null {
  const date = HTTP_DATES.map((form) => form.exec(value)?.groups).find(Boolean);
  if (!date) return null;
  const [day, hour, minute, second] = [date.day, date.hour, date.minute, date.second].map(Number);
  let year = Number(date.year);
  if (date.year?.length === 2) {
    // rfc850-date: the most recent year with these digits that is not over 50 years ahead.
    const thisYear = new Date().getUTCFullYear();
    year += Math.floor(thisYear / 100) * 100;
    if (year > thisYear + 50) year -= 100;
  }
  const month = MONTHS.indexOf(date.month ?? "");
  const time = Date.UTC(year, month, day, hour, minute, second);
  // Date.UTC rolls 31 Feb over into March, 25:00 into the next day: such dates are invalid.
  const exact = new Date(time);
  const valid =
    exact.getUTCDate() === day && exact.getUTCHours() === hour && exact.getUTCMinutes() === minute;
  return valid ? time : null;
}

/** HTTP dates have whole seconds: a file stored at 10:00:00.700 was not modified after 10:00:00. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

function currentTag(validators: Validators): EntityTag {
  const [tag] = parseEntityTags(validators.etag) as EntityTag[];
  if (!tag) throw new Error(`not an entity tag: ${validators.etag}`);
  return tag;
}

/** In RFC 9110 §13.2.2's order; malformed dates are ignored, a malformed If-Match matches nothing. */
export function evaluatePreconditions(headers: Headers, validators: Validators): Precondition {
  const tag = currentTag(validators);
  const modified = seconds(validators.lastModified);

  const ifMatch = headers.get("If-Match");
  if (ifMatch !== null) {
    const tags = parseEntityTags(ifMatch);
    const match = tags === "*" || (tags ?? []).some((t) => strongMatch(t, tag));
    if (!match) return "precondition-failed";
  } else {
    const since = parseHttpDate(headers.get("If-Unmodified-Since") ?? "");
    if (since !== null && modified > since) return "precondition-failed";
  }

  const ifNoneMatch = headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    const tags = parseEntityTags(ifNoneMatch);
    const match = tags === "*" || (tags ?? []).some((t) => weakMatch(t, tag));
    if (match) return "not-modified";
  } else {
    const since = parseHttpDate(headers.get("If-Modified-Since") ?? "");
    if (since !== null && modified <= since) return "not-modified";
  }
  return "proceed";
}

/** RFC 9110 §13.1.5: with If-Range, only a strong ETag match or the exact Last-Modified keeps the range. */
export function rangeStillApplies(headers: Headers, validators: Validators): boolean {
  const ifRange = headers.get("If-Range");
  if (ifRange === null) return true;
  const tags = parseEntityTags(ifRange);
  if (Array.isArray(tags) && tags.length === 1 && tags[0]) {
    return strongMatch(tags[0], currentTag(validators));
  }
  return parseHttpDate(ifRange.trim()) === seconds(validators.lastModified);
}
