/** Product events the browser reports through the beacon (the others are counted server-side). */
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

/**
 * What a counter is named when the statistics do not name its value: an address that is none of
 * the site's pages, or a referring site past the day's first hundred.
 */
export const OTHER_VALUE = "*";
