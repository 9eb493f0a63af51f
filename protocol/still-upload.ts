import { MINUTE_MS } from "#time/durations.ts";
import { MAX_STILL_BYTES } from "./camera-box.ts";
import { SHARE_CARD } from "./share-card.ts";
import type { StillFacts } from "./still-facts.ts";
import {
  MAX_LARGE_BYTES,
  MAX_TILE_SHEET_BYTES,
  STILL_TILES,
  type ZoomFile,
  zoomFiles,
} from "./tile-sheet.ts";

/** A still kept while the Worker was unreachable is archived later at its own time. */
export const STILL_TAKEN_AT_HEADER = "X-Taken-At";
export const STILL_BACKFILL_HOURS = 48;
export const STILL_SLOT_MINUTES = 10;
export const STILL_SLOT_MS = STILL_SLOT_MINUTES * MINUTE_MS;

/** Smallest first, as `srcset` lists them; a plain image/jpeg body (an older box) is archived alone. */
export const STILL_VERSIONS = { thumbnail: 640, small: 960, medium: 1280 } as const;
export type StillVersion = keyof typeof STILL_VERSIONS;
export const stillVersions = Object.keys(STILL_VERSIONS) as StillVersion[];
/** The still's share card (protocol/share-card.ts): cut to 1.91:1, so no `srcset` version. */
export const STILL_CARD = "card";
export type StillFile = StillVersion | typeof STILL_CARD;
export const stillFiles: readonly StillFile[] = [...stillVersions, STILL_CARD];
/** Added after boxes were deployed: an older box's form lacks them and is archived with what it has. */
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

/** The whole request: the pictures, a proposal's zoom, the facts and the form's boundaries and headers. */
export const MAX_STILL_REQUEST_BYTES =
  MAX_STILL_BYTES +
  MAX_LARGE_BYTES +
  MAX_TILE_SHEET_BYTES +
  stillVersions.reduce((sum, version) => sum + MAX_STILL_VERSION_BYTES[version], 0) +
  SHARE_CARD.maxBytes +
  MAX_STILL_FACTS_BYTES +
  16 * 1024;

/** Encoded once: the device signature covers exactly these bytes. */
export async function encodeStillForm(
  still: Uint8Array<ArrayBuffer>,
  versions: Partial<Record<StillFile | ZoomFile, Uint8Array<ArrayBuffer>>>,
  facts?: StillFacts,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  const file = (name: string, bytes: Uint8Array<ArrayBuffer>) => {
    const type = name === STILL_TILES ? "application/octet-stream" : "image/jpeg";
    form.append(name, new Blob([bytes], { type }), name === STILL_TILES ? name : `${name}.jpg`);
  };
  file(STILL_PART, still);
  for (const name of [...stillFiles, ...zoomFiles]) {
    const part = versions[name];
    if (part) file(name, part);
  }
  if (facts) form.append(STILL_FACTS_PART, JSON.stringify(facts));
  const encoded = new Response(form);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("Content-Type") ?? "multipart/form-data",
  };
}
