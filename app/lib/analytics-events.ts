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

/** What a page view is counted under when its address is none of the site's pages. */
export const OTHER_PAGE = "*";
