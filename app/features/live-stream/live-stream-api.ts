import * as z from "zod/mini";
import { stillPicture } from "#app/features/archive/archive-api.ts";

export const streamStatus = z.object({
  online: z.boolean(),
  live: z.boolean(),
  still: z.nullable(stillPicture),
});
export type StreamStatus = z.output<typeof streamStatus>;

/** The segments a session may play: `urls[i]` is segment `first + i` (ADR 028). */
export const sessionSegments = z.object({
  first: z.int(),
  /** Where the newest landed segment is thought to be: an index into `urls`. */
  edge: z.int(),
  seconds: z.number(),
  urls: z.array(z.string()),
});
export type SessionSegments = z.output<typeof sessionSegments>;

export const streamSession = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  durationSeconds: z.int(),
  playlistUrl: z.string(),
  segments: sessionSegments,
  live: z.boolean(),
});
export type StreamSession = z.output<typeof streamSession>;

export const streamSessionState = z.object({
  state: z.enum(["starting", "live", "failed", "ended"]),
  online: z.boolean(),
});
export type StreamSessionState = z.output<typeof streamSessionState>;
