/** The box cuts 2 s segments (ingest/hls.ts): a playlist's target never goes below. */
export const BOX_SEGMENT_SECONDS = 2;
/** A new epoch starts with four half-second segments: the first frame comes sooner (ingest/hls.ts). */
export const QUICK_START_SEGMENTS = 4;
const QUICK_START_SECONDS = 0.5;

/** How long segment `seq` of an epoch runs, as the box means to cut it. */
export const plannedSeconds = (seq: number, seconds: number) =>
  seq < QUICK_START_SEGMENTS ? QUICK_START_SECONDS : seconds;

/** Segments a playlist lists: enough to ride out a late upload, few enough to start near live. */
const PLAYLIST_SEGMENTS = 4;

export type ListedSegment = { seq: number; duration: number; url: string };

/** A live HLS playlist of the newest segments; `ended` once a session has no more to name. */
export function playlistText(segments: ListedSegment[], ended = false): string {
  const listed = segments.slice(-PLAYLIST_SEGMENTS);
  // Never below the box's -hls_time: the target may not change (RFC 8216 §4.3.3.1).
  const target = Math.max(BOX_SEGMENT_SECONDS, ...listed.map((s) => Math.ceil(s.duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.seq ?? 0}`,
  ];
  for (const { duration, url } of listed) lines.push(`#EXTINF:${duration.toFixed(3)},`, url);
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}
