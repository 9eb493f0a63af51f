import { publicUrl } from "#app/.server/media-host/public-url.ts";
import { randomHex } from "#app/.server/uploads/upload-store.ts";

/** `key`: the segment's object in the public bucket, named at random (ADR 009). */
export type Segment = { seq: number; duration: number; key: string };

/** Segments a playlist lists: enough to ride out a late upload, few enough to start near live. */
const PLAYLIST_SEGMENTS = 4;
const BOX_SEGMENT_SECONDS = 2;

// Same for every viewer of an epoch, so cached per location. Only a session's playlist names the
// segments, so the one-minute limit holds though the segments themselves are public.
export function buildPlaylist(segments: Segment[], mediaBase: string): string {
  const listed = segments.slice(-PLAYLIST_SEGMENTS);
  // Never below the box's -hls_time: the target may not change (RFC 8216 §4.3.3.1).
  const target = Math.max(BOX_SEGMENT_SECONDS, ...listed.map((s) => Math.ceil(s.duration)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.seq ?? 0}`,
  ];
  for (const { duration, key } of listed) {
    lines.push(`#EXTINF:${duration.toFixed(3)},`, publicUrl(mediaBase, key));
  }
  return `${lines.join("\n")}\n`;
}

/** 128 random bits per segment: a name cannot be guessed from the ones a session saw. */
export const newSegmentKey = (epoch: number, seq: number) =>
  `${epochPrefix(epoch)}${seq}-${randomHex(16)}.ts`;

/** One prefix per epoch, so a stream's segments go together when it ends. */
export function epochPrefix(epoch: number): string {
  return `live/${epoch}/`;
}
