import { mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader, Subscriber } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import type { ControlChannel } from "./control.ts";
import { type LocalSegment, parseLocalPlaylist, streamArgs } from "./hls.ts";
import { log } from "./log.ts";
import { signedRequest, UploadError } from "./worker-client.ts";

const POLL_MS = 100;
/** A segment is due every 2 s (the first ones sooner): an ffmpeg silent this long has hung. */
export const LIVE_STALL_MS = 6_000;
const FIRST_SEGMENT_MS = 10_000;

export class Streamer {
  private live: Subscriber | null = null;
  private dir = "";
  private uploaded = -1;
  private newest = -1;
  private progressAt = 0;
  private poller: NodeJS.Timeout | null = null;
  private busy = false;
  private stopping = false;
  readonly epoch: number;
  private readonly config: BoxConfig;
  private readonly reader: CameraReader;
  private readonly status: BoxStatus;
  /** The control socket, when the Worker takes segments on it (ADR 009). */
  private readonly socket: Pick<ControlChannel, "sendSegment"> | null;
  private readonly onFailure: (reason: string) => void;

  constructor(
    epoch: number,
    parts: {
      config: BoxConfig;
      reader: CameraReader;
      status: BoxStatus;
      socket?: Pick<ControlChannel, "sendSegment"> | null;
    },
    onFailure: (reason: string) => void,
  ) {
    this.epoch = epoch;
    this.config = parts.config;
    this.reader = parts.reader;
    this.status = parts.status;
    this.socket = parts.socket ?? null;
    this.onFailure = onFailure;
  }

  async start() {
    this.dir = await mkdtemp(join(this.config.workDir, `camera-${this.epoch}-`));
    const live = this.reader.subscribe("live", { output: streamArgs(this.dir) });
    if (!live) return this.fail("the camera does not answer");
    this.live = live;
    this.progressAt = Date.now();
    void live.exited.then((why) => {
      if (this.stopping) return;
      this.status.restarted("live", why);
      this.fail(`ffmpeg ended: ${why}`);
    });
    this.poller = setInterval(() => void this.poll(), POLL_MS);
    log(`stream ${this.epoch}: started`);
  }

  /** A frozen ffmpeg writes nothing and never exits: its silence is the only sign. */
  private watch(segments: { seq: number }[]) {
    const newest = segments.at(-1)?.seq ?? -1;
    if (newest > this.newest) {
      this.newest = newest;
      this.progressAt = Date.now();
    }
    const allowed = this.newest < 0 ? FIRST_SEGMENT_MS : LIVE_STALL_MS;
    if (Date.now() - this.progressAt > allowed) {
      this.live?.kill(`no segment for ${allowed / 1000} s`);
    }
  }

  private async poll() {
    if (this.stopping) return;
    const text = await readFile(join(this.dir, "live.m3u8"), "utf8").catch(() => "");
    const segments = parseLocalPlaylist(text);
    this.watch(segments);
    if (!this.busy) await this.upload(segments);
  }

  private async upload(segments: LocalSegment[]) {
    this.busy = true;
    try {
      for (const segment of segments) {
        if (segment.seq <= this.uploaded || this.stopping) continue;
        const body = new Uint8Array(await readFile(join(this.dir, segment.file)));
        const started = Date.now();
        const way = await this.send(segment, body);
        this.uploaded = segment.seq;
        log(
          `upload ${this.epoch}/${segment.file} ${(body.length / 1024).toFixed(0)} kB in ${Date.now() - started} ms (${way})`,
        );
      }
    } catch (error) {
      if (error instanceof UploadError && error.code === "wrong_epoch") {
        this.fail("the Worker has moved on to another stream");
      } else {
        log(`stream ${this.epoch}: upload failed: ${String(error)}`);
      }
    } finally {
      this.busy = false;
    }
  }

  /** On the control socket when the Worker takes it there, else (or unanswered) by PUT. */
  private async send(segment: LocalSegment, body: Uint8Array<ArrayBuffer>) {
    const header = { epoch: this.epoch, seq: segment.seq, duration: segment.duration };
    const answer = await this.socket?.sendSegment(header, body);
    // A retry after a lost answer: the Worker has this segment already.
    if (answer === "stored" || answer === "duplicate_segment") return "socket";
    if (answer) throw new UploadError(409, answer);
    await signedRequest(
      this.config,
      "PUT",
      `/api/ingest/segments/${this.epoch}/${segment.file}`,
      { bytes: body, contentType: "video/mp2t" },
      { headers: { "X-Segment-Duration": segment.duration.toFixed(3) } },
    ).catch((error: unknown) => {
      if (!(error instanceof UploadError && error.code === "duplicate_segment")) throw error;
    });
    return "http";
  }

  private fail(reason: string) {
    if (this.stopping) return;
    log(`stream ${this.epoch}: ${reason}`);
    void this.stop();
    this.onFailure(reason);
  }

  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    if (this.poller) clearInterval(this.poller);
    await this.live?.stop();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    log(`stream ${this.epoch}: stopped`);
  }
}
