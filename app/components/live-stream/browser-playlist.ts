import { plannedSeconds, playlistText } from "#app/features/live-stream/live-playlist.ts";
import type { SessionSegments } from "#app/features/live-stream/live-stream-api.ts";
import { type Clock, systemClock } from "#time/clock.ts";

/** Whether a segment is on the media host yet: a HEAD there, never a Worker request. */
export type SegmentProbe = (url: string) => Promise<boolean>;

export const probeMediaHost: SegmentProbe = async (url) =>
  (await fetch(url, { method: "HEAD" })).ok;

/** A segment lands a little after the box cut it: asking earlier would mostly hear 404. */
const LANDING_MARGIN_MS = 300;

/** The session's live playlist from its answer's names, probed on the media host (ADR 028). */
export class BrowserPlaylist {
  private readonly urls: string[];
  /** Index of the newest segment seen on the media host; -1 until the first is found. */
  private landed = -1;
  /** When that segment is thought to have landed: the schedule the next probes follow. */
  private landedAt = 0;
  private missed = false;
  /** One reload at a time: an aborted load may still be probing when the next one starts. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly segments: SessionSegments,
    private readonly exists: SegmentProbe,
    private readonly clock: Clock = systemClock,
  ) {
    this.urls = segments.urls.map((url) => new URL(url, location.href).href);
  }

  /** `null`: no segment landed yet. */
  text(): Promise<string | null> {
    const next = this.queue.then(() => this.build());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async build(): Promise<string | null> {
    if (this.landed < 0) await this.findNewest();
    else await this.probeNext();
    if (this.landed < 0) return null;
    const listed = this.urls
      .slice(0, this.landed + 1)
      .map((url, i) => ({ seq: this.segments.first + i, duration: this.runMs(i) / 1000, url }));
    return playlistText(listed, this.landed === this.urls.length - 1);
  }

  /** How long segment `index` of the list runs, as the box means to cut it, in ms. */
  private runMs(index: number): number {
    return plannedSeconds(this.segments.first + index, this.segments.seconds) * 1000;
  }

  private dueAt(index: number): number {
    return this.landedAt + this.runMs(index) + LANDING_MARGIN_MS;
  }

  /** From the Worker's guess backwards: its view may be ahead of a late upload. */
  private async findNewest() {
    const guessed = [...this.urls.entries()].slice(0, this.segments.edge + 1).reverse();
    for (const [index, url] of guessed) {
      if (await this.exists(url)) {
        this.landed = index;
        // Somewhere within its run, unknown where: half of it is the middle guess.
        this.landedAt = this.clock.now() - this.runMs(index) / 2;
        return;
      }
    }
  }

  /** Catches up in one reload; a find after a miss moves the schedule later (ADR 028). */
  private async probeNext() {
    await this.clock.sleep(Math.max(0, this.dueAt(this.landed + 1) - this.clock.now()));
    for (let next = this.urls[this.landed + 1]; next; next = this.urls[this.landed + 1]) {
      if (!(await this.exists(next))) {
        this.missed = true;
        return;
      }
      const planned = this.landedAt + this.runMs(this.landed + 1);
      this.landed += 1;
      this.landedAt = this.missed ? this.clock.now() : Math.min(this.clock.now(), planned);
      this.missed = false;
      if (this.clock.now() < this.dueAt(this.landed + 1)) return;
    }
  }
}
