// What /api/stream answers (workers/api/live-stream-routes.ts), as the live panel reads it.
import type { StillPicture } from "#app/features/archive/stills.ts";

/** `GET /api/stream/status`. */
export type StreamStatus = { online: boolean; live: boolean; still: StillPicture | null };

/** `POST /api/stream/sessions`. */
export type StreamSession = {
  token: string;
  expiresAt: string;
  durationSeconds: number;
  playlistUrl: string;
  /** Joining a stream that already runs: there is no camera to wait for. */
  live: boolean;
};

/** `GET /api/stream/session`: where the viewer's session stands. */
export type StreamSessionState = {
  state: "starting" | "live" | "failed" | "ended";
  online: boolean;
};
