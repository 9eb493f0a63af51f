/** Segments a playlist lists: enough to ride out a late upload, few enough to start near live. */
const PLAYLIST_SEGMENTS = 4;

export type ListedSegment = { seq: number; duration: number; url: string };

/**
 * A live HLS playlist of the newest segments; `ended` once a session has no more to name.
 * `seconds`: the box's steady segment length, the target even while the quick start's are listed,
 * since a playlist's target may not change (RFC 8216 §4.3.3.1).
 */
export function playlistText(segments: ListedSegment[], seconds: number, ended = false): string {
  const listed = segments.slice(-PLAYLIST_SEGMENTS);
  const target = Math.max(seconds, ...listed.map((s) => Math.ceil(s.duration)));
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
