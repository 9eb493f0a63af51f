// The archive's stills as the box sends them and the Worker reads them (ingest/, workers/api):
// each signed with the device key, with its smaller versions.
import { MINUTE_MS } from "#time/durations.ts";
import { MAX_STILL_BYTES } from "./camera-box.ts";
import { SHARE_CARD } from "./share-card.ts";
import type { StillFacts } from "./still-facts.ts";

/**
 * Stills carry the moment they were taken, so a still kept while the Worker was unreachable is
 * archived at its own time later; only the newest becomes the live placeholder.
 */
export const STILL_TAKEN_AT_HEADER = "X-Taken-At";
export const STILL_BACKFILL_HOURS = 48;
/** The archive keeps one still per slot of this many minutes. */
export const STILL_SLOT_MINUTES = 10;
export const STILL_SLOT_MS = STILL_SLOT_MINUTES * MINUTE_MS;

/**
 * A still goes as multipart/form-data: the picture in `still`, and beside it a smaller version
 * per entry here, each that many px wide (none wider than the still), so the archive sends a
 * phone or a small picture no more than it shows. Smallest first, as `srcset` lists them. A
 * plain image/jpeg body (a box before the versions) is archived alone.
 */
export const STILL_VERSIONS = { thumbnail: 640, small: 960, medium: 1280 } as const;
export type StillVersion = keyof typeof STILL_VERSIONS;
export const stillVersions = Object.keys(STILL_VERSIONS) as StillVersion[];
/** The still's share card (protocol/share-card.ts): cut to 1.91:1, so no `srcset` version. */
export const STILL_CARD = "card";
export type StillFile = StillVersion | typeof STILL_CARD;
export const stillFiles: readonly StillFile[] = [...stillVersions, STILL_CARD];
/**
 * Versions added after boxes were deployed: the form of a box not yet updated has none of
 * them, and is archived with the versions it has.
 */
export const LATER_STILL_VERSIONS: readonly StillFile[] = ["small", STILL_CARD];
/** A 1080p frame of camera-like noise (751 kB) at the box's q 5 makes 22 kB, 70 kB and 181 kB. */
export const MAX_STILL_VERSION_BYTES = {
  thumbnail: 256 * 1024,
  small: 512 * 1024,
  medium: 768 * 1024,
} as const satisfies Record<StillVersion, number>;
export const STILL_PART = "still";
/** JSON (still-facts.ts); a box before it sends none. */
export const STILL_FACTS_PART = "facts";
export const MAX_STILL_FACTS_BYTES = 8 * 1024;

/** The whole request: the pictures, the facts and the form's boundaries and headers. */
export const MAX_STILL_REQUEST_BYTES =
  MAX_STILL_BYTES +
  stillVersions.reduce((sum, version) => sum + MAX_STILL_VERSION_BYTES[version], 0) +
  SHARE_CARD.maxBytes +
  MAX_STILL_FACTS_BYTES +
  16 * 1024;

/**
 * The form's bytes, encoded once: the device signature covers exactly these. The box sends
 * every version; tests leave some out to play an older box.
 */
export async function encodeStillForm(
  still: Uint8Array<ArrayBuffer>,
  versions: Partial<Record<StillFile, Uint8Array<ArrayBuffer>>>,
  facts?: StillFacts,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  const jpeg = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes], { type: "image/jpeg" });
  form.append(STILL_PART, jpeg(still), `${STILL_PART}.jpg`);
  for (const name of stillFiles) {
    const version = versions[name];
    if (version) form.append(name, jpeg(version), `${name}.jpg`);
  }
  if (facts) form.append(STILL_FACTS_PART, JSON.stringify(facts));
  const encoded = new Response(form);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("Content-Type") ?? "multipart/form-data",
  };
}
