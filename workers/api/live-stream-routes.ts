import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { newestStill } from "#app/.server/archive/still-picture.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { askCameraStatus } from "#app/.server/live-stream/camera-status.ts";
import { askBriefly, forgetAnswer } from "#app/.server/live-stream/object-answers.ts";
import { buildPlaylist } from "#app/.server/live-stream/playlist.ts";
import { sessionSegments } from "#app/.server/live-stream/session-segments.ts";
import {
  createStreamToken,
  type TokenCheck,
  verifyStreamToken,
} from "#app/.server/live-stream/stream-token.ts";
import { type CameraView, WatchCoalescer } from "#app/.server/live-stream/watch-coalescer.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { countEventInBackground } from "#app/.server/statistics/counts.ts";
import type {
  StreamSession,
  StreamSessionState,
  StreamStatus,
} from "#app/features/live-stream/live-stream-api.ts";
import { cameraStream } from "#workers/durable-objects/camera-stream.ts";
import { apiError, rejectInvalid } from "./errors.ts";
import { rateLimit } from "./rate-limit.ts";
import type { ApiEnv } from "./types.ts";

const camera = (c: Context<ApiEnv>) => cameraStream(c.env, c.var.config.CAMERA_DEVICE_ID);

/** This isolate's: its sessions reach the camera object together (ADR 028). */
let coalescer: WatchCoalescer | null = null;
function watching(c: Context<ApiEnv>): WatchCoalescer {
  const intervalMs = c.var.config.STREAM_WATCH_SECONDS * 1000;
  if (coalescer?.intervalMs !== intervalMs) coalescer = new WatchCoalescer(intervalMs);
  return coalescer;
}

/** Whole seconds, as the token's expiry counts them, so the token says exactly when it ends. */
const sessionEnd = (c: Context<ApiEnv>) =>
  Math.floor((Date.now() + c.var.config.STREAM_SESSION_SECONDS * 1000) / 1000) * 1000;

function sessionState(
  check: Extract<TokenCheck, { ok: true }>,
  { online, phase, ended }: CameraView,
): StreamSessionState {
  if (Date.now() >= check.endsAt || ended.includes(check.sessionId)) {
    return { state: "ended", online };
  }
  return { state: phase === "starting" || phase === "live" ? phase : "failed", online };
}

/** The token rides in the playlist's path (hls.js keeps no query), else the query. */
async function session(c: Context<ApiEnv>) {
  return verifyStreamToken(
    c.var.config.SESSION_SECRET,
    c.req.param("token") ?? c.req.query("token"),
  );
}

/** Only a live playlist is kept, so a starting stream is seen live once its first segment lands. */
const livePlaylist = (c: Context<ApiEnv>) =>
  askBriefly(
    c.req.url,
    "live.m3u8",
    () => camera(c).playlist(),
    (playlist) => playlist.phase === "live",
  );

async function viewerPlaylist(c: Context<ApiEnv>) {
  const check = await session(c);
  if (!check.ok) {
    return { refusal: apiError(c, check.status, check.code, "No valid stream session") };
  }
  const playlist = await livePlaylist(c);
  if (playlist.value.ended.includes(check.sessionId)) {
    return { refusal: apiError(c, 403, "session_ended", "This stream session was stopped") };
  }
  return { playlist };
}

const SETTLE_WAIT_MS = 10_000;
const sessionQuery = z.object({
  token: z.string().optional(),
  wait: z.literal("settled").optional(),
});

export const liveStreamRoutes = new Hono<ApiEnv>()
  .get("/status", async (c) => {
    const [{ value, source }, still] = await Promise.all([
      askCameraStatus({ env: c.env, config: c.var.config }, c.req.url),
      newestStill(c.var.db, mediaBase(c.var.config)),
    ]);
    c.header("Cache-Control", "no-store");
    c.header("X-Object-Answer", source);
    return c.json({ ...value, still } satisfies StreamStatus);
  })
  .post(
    "/sessions",
    rateLimit("STREAM_SESSION_RATE_LIMIT", (c) => clientNetwork(c.req.raw)),
    async (c) => {
      const endsAt = sessionEnd(c);
      const view = await watching(c).start(camera(c), endsAt, (work) =>
        c.executionCtx.waitUntil(work),
      );
      if (!view.online) return apiError(c, 503, "camera_offline", "The camera is offline");
      countEventInBackground(c.executionCtx, c.var.db, "stream_started");
      const { SESSION_SECRET: secret, STREAM_SESSION_SECONDS: sessionSeconds } = c.var.config;
      const [token, segments] = await Promise.all([
        createStreamToken(secret, crypto.randomUUID(), endsAt),
        sessionSegments(view.edge, {
          secret,
          mediaBase: mediaBase(c.var.config),
          sessionSeconds,
          now: Date.now(),
        }),
      ]);
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          token,
          expiresAt: new Date(endsAt).toISOString(),
          durationSeconds: sessionSeconds,
          live: view.phase === "live",
          // For players without Media Source Extensions; the others build it from `segments`.
          playlistUrl: `/api/stream/s/${token}/live.m3u8`,
          segments,
        } satisfies StreamSession,
        201,
      );
    },
  )
  .get(
    "/session",
    zValidator("query", sessionQuery, rejectInvalid(400, "invalid_query")),
    async (c) => {
      const check = await session(c);
      if (!check.ok) return apiError(c, check.status, check.code, "No valid stream session");
      c.header("Cache-Control", "no-store");
      const startedAt = check.endsAt - c.var.config.STREAM_SESSION_SECONDS * 1000;
      const view =
        c.req.valid("query").wait === "settled" && Date.now() < check.endsAt
          ? await watching(c).settled(camera(c), SETTLE_WAIT_MS, startedAt)
          : await watching(c).current(camera(c), startedAt);
      return c.json(sessionState(check, view));
    },
  )
  .delete("/session", async (c) => {
    const check = await session(c);
    if (!check.ok) return apiError(c, check.status, check.code, "No valid stream session");
    watching(c).keep(await camera(c).endSession(check.sessionId, check.endsAt));
    // Its token is refused from now on: at once here, elsewhere once their copy is renewed.
    await forgetAnswer(c.req.url, "live.m3u8");
    return c.body(null, 204);
  })
  .get("/s/:token/live.m3u8", async (c) => {
    const { refusal, playlist } = await viewerPlaylist(c);
    if (refusal) return refusal;
    const { value, source } = playlist;
    const { phase, segments } = value;
    if (phase !== "live") return apiError(c, 503, `stream_${phase}`, "The stream is not live");
    return c.body(buildPlaylist(segments, mediaBase(c.var.config)), 200, {
      "Content-Type": "application/vnd.apple.mpegurl",
      "Cache-Control": "no-cache",
      // Whether this answer reached the Durable Object: bench/stream-scale.ts counts them.
      "X-Object-Answer": source,
    });
  });
