// The live stream's segments as the box cuts them (ingest/hls.ts) and the Worker and the browser
// name and time them (ADR 009).

/** A new epoch starts with four half-second segments: the first frame comes sooner. */
export const QUICK_START_SEGMENTS = 4;
const QUICK_START_SECONDS = 0.5;

/**
 * Then one segment every 4 s, since protocol 5. Boxes before cut 2 s ones: twice the R2 writes
 * and, for Apple's own HLS, twice the Worker's playlist reloads (ADR 025).
 */
export const SEGMENT_SECONDS = 4;
const SEGMENT_SECONDS_BEFORE_5 = 2;

/** The steady segment length of a box speaking `protocol`; null: none connected, so today's. */
export const segmentSecondsOf = (protocol: number | null): number =>
  protocol !== null && protocol < 5 ? SEGMENT_SECONDS_BEFORE_5 : SEGMENT_SECONDS;

/** How long segment `seq` of an epoch runs, as the box means to cut it. */
export const plannedSeconds = (seq: number, seconds: number) =>
  seq < QUICK_START_SEGMENTS ? QUICK_START_SECONDS : seconds;
