import { z } from "zod";

const MiB = 1024 * 1024;

/** A 3-minute 1080p film at the box's bitrate cap is about 200 MB; this leaves room. */
export const MAX_TIMELAPSE_BYTES = 1024 * MiB;
export const MAX_POSTER_BYTES = 2 * MiB;

export const TIMELAPSE_PATHS = {
  start: "/api/ingest/films",
  part: (id: string, n: number) => `/api/ingest/films/${id}/parts/${n}`,
  poster: (id: string) => `/api/ingest/films/${id}/poster`,
  /** Optional: the poster's share card (protocol/share-card.ts); a film without one shows its poster. */
  card: (id: string) => `/api/ingest/films/${id}/card`,
  complete: (id: string) => `/api/ingest/films/${id}/complete`,
} as const;

/** The same day, size and hash resume the open upload; anything else for that day replaces it. */
export const timelapseStartSchema = z.object({
  /** The lake-time day the film shows. */
  day: z.iso.date(),
  byteSize: z.number().int().positive().max(MAX_TIMELAPSE_BYTES),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});
export type TimelapseStart = z.infer<typeof timelapseStartSchema>;

export const openTimelapseSchema = z.object({
  id: z.string(),
  /** Every part but the last has exactly this many bytes. */
  partSize: z.number().int().positive(),
  doneParts: z.array(z.number().int().positive()),
});
export type OpenTimelapse = z.infer<typeof openTimelapseSchema>;

export const timelapseFactsSchema = z
  .object({
    width: z.number().int().min(320).max(7680),
    height: z.number().int().min(180).max(4320),
    durationSeconds: z.number().positive().max(3600),
    /** Seconds of reality per second of film (150 at the spec's speed). */
    speed: z.number().positive().max(10_000),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  })
  .refine((facts) => facts.from < facts.to, { message: "from must be before to", path: ["to"] });
export type TimelapseFacts = z.infer<typeof timelapseFactsSchema>;

export const timelapseRegisteredSchema = z.object({ id: z.string() });
