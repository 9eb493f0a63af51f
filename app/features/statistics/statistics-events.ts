export const beaconEvents = ["stream_completed", "timelapse_play"] as const;
export type BeaconEvent = (typeof beaconEvents)[number];

export const productEvents = [
  "stream_started",
  "stream_completed",
  "timelapse_play",
  "like",
  "contact_sent",
] as const;
export type ProductEvent = (typeof productEvents)[number];

/** A counter's name for a page that is none of ours, or a referrer past the day's hundredth. */
export const OTHER_VALUE = "*";
