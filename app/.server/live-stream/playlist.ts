export type Segment = { seq: number; duration: number };

/** Segments a playlist lists: enough to ride out a late upload, few enough to start near live. */
const PLAYLIST_SEGMENTS = 4;
const BOX_SEGMENT_SECONDS = 2;

// Same for every viewer of an epoch, so cached per location; never R2 (one write per key a second).
// Relative segment addresses inherit the viewer's token from the playlist's path, in native HLS.
export function buildPlaylist(epoch: number, segments: Segment[]): string {
  const listed = segments.slice(-PLAYLIST_SEGMENTS);
  // Never below the box's -hls_time: the target may not change (RFC 8216 §4.3.3.1).
  const target = Math.max(BOX_SEGMENT_SECONDS, ...listed.map((s) => Math.ceil(s.duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.seq ?? 0}`,
  ];
  for (const { seq, duration } of listed) {
    lines.push(`#EXTINF:${duration.toFixed(3)},`, `segments/${epoch}/${seq}.ts`);
  }
  return `${lines.join("\n")}\n`;
}

/** R2 key of a segment; one prefix per epoch so a restarted stream never serves old video. */
export function segmentKey(epoch: number, seq: number): string {
  return `${epochPrefix(epoch)}${seq}.ts`;
}

export function epochPrefix(epoch: number): string {
  return `stream/${epoch}/`;
}
