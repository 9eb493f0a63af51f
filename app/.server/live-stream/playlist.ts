import { publicUrl } from "#app/.server/media-host/public-url.ts";
import { keyedHash } from "#app/.server/pseudonyms/keyed-hash.ts";
import { playlistText } from "#app/features/live-stream/live-playlist.ts";

/** `key`: the segment's object in the public bucket (`segmentKey`). */
export type Segment = { seq: number; duration: number; key: string };

// Same for every viewer of an epoch, so cached per location; only sessions learn names (ADR 028).
export function buildPlaylist(segments: Segment[], mediaBase: string): string {
  return playlistText(segments.map((s) => ({ ...s, url: publicUrl(mediaBase, s.key) })));
}

/** A crowd's sessions ask for the same few dozen names: each is worked out once per isolate. */
const names = { secret: "", byId: new Map<string, string>() };
const KEPT_NAMES = 512;

/** HMAC under the site's secret: names given before they exist, unguessable to others (ADR 009). */
export async function segmentKey(
  secret: string,
  { epoch, salt }: { epoch: number; salt: string },
  seq: number,
): Promise<string> {
  const id = `${epoch}/${salt}/${seq}`;
  if (names.secret !== secret || names.byId.size >= KEPT_NAMES) {
    names.secret = secret;
    names.byId.clear();
  }
  let name = names.byId.get(id);
  if (name === undefined) {
    name = await keyedHash(secret, `live-segment/${id}`);
    names.byId.set(id, name);
  }
  return `${epochPrefix(epoch)}${seq}-${name}.ts`;
}

/** One prefix per epoch, so a stream's segments go together when it ends. */
export function epochPrefix(epoch: number): string {
  return `live/${epoch}/`;
}
