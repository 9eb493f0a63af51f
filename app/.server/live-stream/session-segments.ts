import { publicUrl } from "#app/.server/media-host/public-url.ts";
import {
  BOX_SEGMENT_SECONDS,
  QUICK_START_SEGMENTS,
} from "#app/features/live-stream/live-playlist.ts";
import type { SessionSegments } from "#app/features/live-stream/live-stream-api.ts";
import { segmentKey } from "./playlist.ts";
import { TOKEN_SLACK_SECONDS } from "./stream-token.ts";
import type { StreamEdge } from "./watch-coalescer.ts";

type Naming = { secret: string; mediaBase: string; sessionSeconds: number; now: number };

/** The names of the segments landing in a session's minute, from the Worker's newest (ADR 028). */
export async function sessionSegments(
  edge: StreamEdge,
  { secret, mediaBase, sessionSeconds, now }: Naming,
): Promise<SessionSegments> {
  const seconds = Math.max(BOX_SEGMENT_SECONDS, edge.longest ?? 0);
  const first = edge.seq ?? 0;
  // The Worker's view may be a few seconds old: segments have landed since.
  const landedSince = edge.seq === null ? -1 : Math.floor((now - edge.at) / (seconds * 1000));
  const ahead = Math.ceil((sessionSeconds + TOKEN_SLACK_SECONDS) / seconds);
  const count = Math.max(0, landedSince) + ahead + (edge.seq === null ? QUICK_START_SEGMENTS : 1);
  const urls = await Promise.all(
    Array.from({ length: count }, async (_, i) =>
      publicUrl(mediaBase, await segmentKey(secret, edge, first + i)),
    ),
  );
  return { first, edge: Math.max(0, landedSince), seconds, urls };
}
