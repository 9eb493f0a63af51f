// The camera box's daily content, shared by the Worker and the box (ingest/): the nightly film,
// sent as a resumable multipart upload signed with the device key, and the archived stills.
import { z } from "zod";
import { MINUTE_MS } from "#time/durations.ts";
import { MAX_STILL_BYTES } from "./camera-box.ts";

const MiB = 1024 * 1024;

/** A 3-minute 1080p film at the box's bitrate cap is about 200 MB; this leaves room. */
export const MAX_FILM_BYTES = 1024 * MiB;
export const MAX_POSTER_BYTES = 2 * MiB;

export const FILM_PATHS = {
  start: "/api/ingest/films",
  part: (id: string, n: number) => `/api/ingest/films/${id}/parts/${n}`,
  poster: (id: string) => `/api/ingest/films/${id}/poster`,
  complete: (id: string) => `/api/ingest/films/${id}/complete`,
} as const;

/**
 * POST start: the same day, size and hash answer the open upload with the parts already
 * stored (resume); anything else for that day replaces it.
 */
export const filmStartSchema = z.object({
  /** The lake-time day the film shows. */
  day: z.iso.date(),
  byteSize: z.number().int().positive().max(MAX_FILM_BYTES),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});
export type FilmStart = z.infer<typeof filmStartSchema>;

export const openFilmSchema = z.object({
  id: z.string(),
  /** Every part but the last has exactly this many bytes. */
  partSize: z.number().int().positive(),
  doneParts: z.array(z.number().int().positive()),
});
export type OpenFilm = z.infer<typeof openFilmSchema>;

/** POST complete: registers (or replaces) the day's published time-lapse. */
export const filmFactsSchema = z
  .object({
    width: z.number().int().min(320).max(7680),
    height: z.number().int().min(180).max(4320),
    durationSeconds: z.number().positive().max(3600),
    /** Seconds of reality per second of film (150 at the spec's speed). */
    speed: z.number().positive().max(10_000),
    /** The stretch of the day the film shows. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  })
  .refine((facts) => facts.from < facts.to, { message: "from must be before to", path: ["to"] });
export type FilmFacts = z.infer<typeof filmFactsSchema>;

export const filmRegisteredSchema = z.object({ id: z.string() });

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
/**
 * Versions added after boxes were deployed: the form of a box not yet updated has none of
 * them, and is archived with the versions it has.
 */
export const LATER_STILL_VERSIONS: readonly StillVersion[] = ["small"];
/** A 1080p frame of camera-like noise (751 kB) at the box's q 5 makes 22 kB, 70 kB and 181 kB. */
export const MAX_STILL_VERSION_BYTES = {
  thumbnail: 256 * 1024,
  small: 512 * 1024,
  medium: 768 * 1024,
} as const satisfies Record<StillVersion, number>;
export const STILL_PART = "still";
/** The whole request: the pictures and the form's boundaries and headers. */
export const MAX_STILL_REQUEST_BYTES =
  MAX_STILL_BYTES +
  stillVersions.reduce((sum, version) => sum + MAX_STILL_VERSION_BYTES[version], 0) +
  16 * 1024;

/**
 * The form's bytes, encoded once: the device signature covers exactly these. The box sends
 * every version; tests leave some out to play an older box.
 */
export async function encodeStillForm(
  still: Uint8Array<ArrayBuffer>,
  versions: Partial<Record<StillVersion, Uint8Array<ArrayBuffer>>>,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  const jpeg = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes], { type: "image/jpeg" });
  form.append(STILL_PART, jpeg(still), `${STILL_PART}.jpg`);
  for (const name of stillVersions) {
    const version = versions[name];
    if (version) form.append(name, jpeg(version), `${name}.jpg`);
  }
  const encoded = new Response(form);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("Content-Type") ?? "multipart/form-data",
  };
}
