import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { BoxConfig } from "./config.ts";
import { parseLocalPlaylist, streamArgs } from "./hls.ts";
import { log } from "./log.ts";
import { signedRequest, UploadError } from "./worker-client.ts";

const POLL_MS = 100;

export class Streamer {
  private ffmpeg: ChildProcess | null = null;
  private dir = "";
  private uploaded = -1;
  private poller: NodeJS.Timeout | null = null;
  private busy = false;
  private stopping = false;
  readonly epoch: number;
  private readonly config: BoxConfig;
  private readonly onFailure: (reason: string) => void;

  constructor(epoch: number, config: BoxConfig, onFailure: (reason: string) => void) {
    this.epoch = epoch;
    this.config = config;
    this.onFailure = onFailure;
  }

  async start() {
    this.dir = await mkdtemp(join(this.config.workDir, `camera-${this.epoch}-`));
    const ffmpeg = spawn(this.config.ffmpegPath, streamArgs(this.config.input, this.dir), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.ffmpeg = ffmpeg;
    ffmpeg.stderr?.on("data", (chunk: Buffer) => log(`ffmpeg: ${chunk.toString().trim()}`));
    ffmpeg.on("exit", (code, signal) => {
      if (!this.stopping) this.fail(`ffmpeg exited (${signal ?? code})`);
    });
    ffmpeg.on("error", (error) => this.fail(`ffmpeg could not run: ${error.message}`));
    this.poller = setInterval(() => void this.uploadNew(), POLL_MS);
    log(`stream ${this.epoch}: started`);
  }

  private async uploadNew() {
    if (this.busy || this.stopping) return;
    this.busy = true;
    try {
      const text = await readFile(join(this.dir, "live.m3u8"), "utf8").catch(() => "");
      for (const segment of parseLocalPlaylist(text)) {
        if (segment.seq <= this.uploaded || this.stopping) continue;
        const body = new Uint8Array(await readFile(join(this.dir, segment.file)));
        const started = Date.now();
        await signedRequest(
          this.config,
          "PUT",
          `/api/ingest/segments/${this.epoch}/${segment.file}`,
          { bytes: body, contentType: "video/mp2t" },
          { headers: { "X-Segment-Duration": segment.duration.toFixed(3) } },
        ).catch((error: unknown) => {
          // A retry after a lost answer: the Worker has this segment already.
          if (!(error instanceof UploadError && error.code === "duplicate_segment")) throw error;
        });
        this.uploaded = segment.seq;
        log(
          `upload ${this.epoch}/${segment.file} ${(body.length / 1024).toFixed(0)} kB in ${Date.now() - started} ms`,
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
    const ffmpeg = this.ffmpeg;
    if (ffmpeg && ffmpeg.exitCode === null) {
      const exited = new Promise((resolve) => ffmpeg.once("exit", resolve));
      ffmpeg.kill("SIGTERM");
      const forced = setTimeout(() => ffmpeg.kill("SIGKILL"), 3000);
      await exited;
      clearTimeout(forced);
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    log(`stream ${this.epoch}: stopped`);
  }
}
