import type { BoxEventKind, EventReport, FilmState } from "#protocol/camera-box.ts";
import { DAY_MS } from "#time/durations.ts";
import type { BoxConfig } from "./config.ts";
import { log } from "./log.ts";

export type RestartRole = "camera" | "capture" | "live";
/** Kept while the control socket is down, oldest dropped first. */
const MAX_QUEUED_EVENTS = 50;

export class BoxStatus {
  readonly startedAt = Date.now();
  lastFrameAt: number | null = null;
  lastStillAt: number | null = null;
  capturingSince: number | null = null;
  captureLoopAt = 0;
  capturePaused = false;
  film: { day: string; state: FilmState } | null = null;
  private readonly restarts: Record<RestartRole, number[]> = { camera: [], capture: [], live: [] };
  private readonly queued: EventReport[] = [];
  private sender: ((event: EventReport) => boolean) | null = null;

  restarted(role: RestartRole, why = "") {
    const now = Date.now();
    this.restarts[role] = [...this.restarts[role].filter((at) => at > now - DAY_MS), now];
    this.event("restart", `${role}${why ? `: ${why}` : ""}`);
  }

  restarts24h(): Record<RestartRole, number> {
    const since = Date.now() - DAY_MS;
    const count = (role: RestartRole) => this.restarts[role].filter((at) => at > since).length;
    return { camera: count("camera"), capture: count("capture"), live: count("live") };
  }

  setCapturePaused(paused: boolean, config: Pick<BoxConfig, "minFreeMiB" | "dataDir">) {
    this.capturePaused = paused;
    const detail = paused
      ? `less than ${config.minFreeMiB} MiB free in ${config.dataDir}`
      : "enough free space again";
    log(paused ? `capture: paused, ${detail}` : `capture: ${detail}, resuming`);
    this.event(paused ? "capture_paused" : "capture_resumed", detail);
  }

  event(kind: BoxEventKind, detail: string, at = Date.now()) {
    const report: EventReport = {
      type: "event",
      kind,
      at: new Date(at).toISOString(),
      detail: detail.slice(0, 200),
    };
    if (this.sender?.(report)) return;
    this.queued.push(report);
    if (this.queued.length > MAX_QUEUED_EVENTS) this.queued.shift();
  }

  sendEventsWith(send: ((event: EventReport) => boolean) | null) {
    this.sender = send;
    while (send && this.queued[0] && send(this.queued[0])) this.queued.shift();
  }
}
