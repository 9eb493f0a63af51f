import { MINUTE_MS } from "#time/durations.ts";

// Its own module: the owner's form and the API share it, and the home page's weather view
// should not be shared with the admin's bundle for one constant.

/** The owner's south reading may be dated this far ahead (a clock's drift), not further. */
export const SOUTH_READING_SKEW_MS = 5 * MINUTE_MS;
