import type Hls from "hls.js/light";
import type {
  Loader,
  LoaderCallbacks,
  LoaderStats,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from "hls.js/light";
import type { StreamSession } from "#app/features/live-stream/live-stream-api.ts";
import { BrowserPlaylist, probeMediaHost } from "./browser-playlist.ts";

type HlsModule = typeof import("hls.js/light");
let hlsModule: Promise<HlsModule> | null = null;

// A constant condition: the server build drops hls.js (170 kB) entirely.
const loadHls = (): Promise<HlsModule> =>
  import.meta.env.SSR ? Promise.reject(new Error("hls.js is client-only")) : import("hls.js/light");

// No first frame this long is a failure: Safari reports no stalls.
const START_STALL_MS = 7_000;
const FROZEN_MS = 1_500;
const WATCH_MS = 250;

const playsNativeHls = (video: HTMLVideoElement) =>
  video.canPlayType("application/vnd.apple.mpegurl") !== "";

/** hls.js wherever Media Source Extensions exist, Safari too; Apple's HLS only else (ADR 028). */
export function prefersNativeHls(
  video: HTMLVideoElement,
  scope: object = typeof window === "undefined" ? {} : window,
): boolean {
  return playsNativeHls(video) && !("MediaSource" in scope || "ManagedMediaSource" in scope);
}

export function preloadPlayer() {
  if (prefersNativeHls(document.createElement("video"))) return;
  hlsModule ??= loadHls();
  hlsModule.catch(() => {
    hlsModule = null;
  });
}

export async function loadPlayer(): Promise<void> {
  preloadPlayer();
  await hlsModule;
}

export type PlayerEvents = {
  onFirstFrame: () => void;
  onFrozen: () => void;
  onResumed: () => void;
  onFailure: (reason: string) => void;
};

/** hls.js asks this for every playlist: it answers from the browser's playlist, not the network. */
function playlistLoader(playlist: BrowserPlaylist, { LoadStats }: HlsModule) {
  return class implements Loader<PlaylistLoaderContext> {
    context: PlaylistLoaderContext | null = null;
    stats: LoaderStats = new LoadStats();
    private cancelled = false;

    load(
      context: PlaylistLoaderContext,
      _config: unknown,
      callbacks: LoaderCallbacks<PlaylistLoaderContext>,
    ) {
      this.context = context;
      const { stats } = this;
      stats.loading.start = performance.now();
      const fail = (text: string) => callbacks.onError({ code: 404, text }, context, null, stats);
      playlist.text().then(
        (text) => {
          if (this.cancelled) return;
          stats.loading.first = stats.loading.end = performance.now();
          // hls.js retries a failed reload (playlistLoadPolicy): the segment may land meanwhile.
          if (text === null) return fail("no segment on the media host yet");
          stats.loaded = stats.total = text.length;
          callbacks.onSuccess({ url: context.url, data: text }, stats, context, null);
        },
        (error: unknown) => {
          if (!this.cancelled) fail(`segment probe failed: ${String(error)}`);
        },
      );
    }

    abort() {
      this.cancelled = true;
      this.stats.aborted = true;
    }

    destroy() {
      this.abort();
      this.context = null;
    }
  } satisfies PlaylistLoaderConstructor;
}

type PlayerSession = Pick<StreamSession, "playlistUrl" | "segments">;

export async function attachPlayer(
  video: HTMLVideoElement,
  { playlistUrl, segments }: PlayerSession,
  events: PlayerEvents,
): Promise<() => void> {
  let hls: Hls | null = null;
  let firstFrame = false;
  let frozen = false;
  let lastTime = -1;
  let lastProgress = Date.now();
  // hls.js untried on this Apple device's Safari: before a first frame, its own HLS gets one go.
  function canFallBack() {
    return hls !== null && !firstFrame && playsNativeHls(video);
  }
  function fallBackToNative() {
    hls?.destroy();
    hls = null;
    lastProgress = Date.now();
    video.src = playlistUrl;
    video.play().catch(() => undefined);
  }
  if (prefersNativeHls(video)) {
    video.src = playlistUrl;
  } else {
    hlsModule ??= loadHls();
    const module = await hlsModule;
    const HlsPlayer = module.default;
    hls = new HlsPlayer({
      pLoader: playlistLoader(new BrowserPlaylist(segments, probeMediaHost), module),
      // One 480p rendition of 2 s segments: start one segment behind the live edge.
      initialLiveManifestSize: 1,
      liveSyncDurationCount: 1,
      liveMaxLatencyDurationCount: 4,
      startLevel: 0,
      capLevelToPlayerSize: false,
      maxBufferLength: 6,
      backBufferLength: 4,
      playlistLoadPolicy: {
        default: {
          maxTimeToFirstByteMs: 5_000,
          maxLoadTimeMs: 8_000,
          timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
          errorRetry: { maxNumRetry: 3, retryDelayMs: 500, maxRetryDelayMs: 2_000 },
        },
      },
    });
    hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (canFallBack()) fallBackToNative();
      else events.onFailure(`hls.js: ${data.details}`);
    });
    hls.loadSource(playlistUrl);
    hls.attachMedia(video);
  }

  const onFrame = () => {
    if (firstFrame) return;
    firstFrame = true;
    lastProgress = Date.now(); // the time before the first frame was no freeze
    events.onFirstFrame();
  };
  video.addEventListener("playing", onFrame, { once: true });
  const onError = () => events.onFailure("media element error");
  video.addEventListener("error", onError);
  // The playhead stands still when the buffer runs dry: the picture froze.
  const watchdog = window.setInterval(() => {
    const now = Date.now();
    if (video.currentTime !== lastTime) {
      lastTime = video.currentTime;
      lastProgress = now;
      if (frozen) {
        frozen = false;
        events.onResumed();
      }
    } else if (!firstFrame && now - lastProgress > START_STALL_MS) {
      if (canFallBack()) fallBackToNative();
      else events.onFailure("no picture");
    } else if (firstFrame && !frozen && now - lastProgress >= FROZEN_MS) {
      frozen = true;
      events.onFrozen();
    }
  }, WATCH_MS);
  video.play().catch(() => {
    // Autoplay refusals surface through the watchdog; the video is muted, so rare.
  });

  return () => {
    window.clearInterval(watchdog);
    video.removeEventListener("error", onError);
    hls?.destroy();
    video.removeAttribute("src");
    video.load();
  };
}
