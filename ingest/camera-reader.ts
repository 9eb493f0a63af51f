// One camera connection; packets since the last keyframe stay in RAM for every role (ADR 021).
import { type ChildProcess, spawn } from "node:child_process";
import { PACKET, ProgramTables, pesSeconds, readPacket } from "#protocol/mpeg-ts.ts";
import type { BoxConfig } from "./config.ts";
import { inputArgs, QUIET } from "./hls.ts";
import { log } from "./log.ts";
import { stopChild } from "./processes.ts";

/** No byte from the camera for this long: it is gone or hung, whatever TCP says. */
const SILENT_MS = 5_000;
/** ffmpeg writes nothing until it has connected and probed the stream. */
const CONNECT_MS = 15_000;
const RECONNECT_MAX_MS = 10_000;
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;
/** A camera that sends no keyframe for this long is not cached, it streams through. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/** The pipe gives the subscriber a keyframe with its tables first: no probing needed. */
const PIPE_INPUT = ["-analyzeduration", "0", "-probesize", "32", "-f", "mpegts", "-i", "pipe:0"];

export type Role = "live" | "capture" | "still";

export type Subscriber = {
  role: Role;
  child: ChildProcess;
  exited: Promise<string>;
  stop: () => Promise<void>;
  kill: (why: string) => void;
};

type Feed = { subscriber: Subscriber; started: boolean };

export type ReaderEvents = {
  onAnswering?: (answering: boolean, since: number) => void;
  onRestart?: (why: string) => void;
};

function readerArgs(input: string): string[] {
  const encode =
    input === "testsrc"
      ? ["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p"]
      : ["-c", "copy"];
  return [
    ...QUIET,
    ...inputArgs(input, { live: true, testSize: "1920x1080", testRate: 5 }),
    ...["-map", "0:v:0", ...encode],
    // The test pattern at 5 fps: a keyframe every 2 s, as the camera's recommended setting.
    ...(input === "testsrc" ? ["-g", "10"] : []),
    ...["-f", "mpegts", "pipe:1"],
  ];
}

export class CameraReader {
  private ffmpeg: ChildProcess | null = null;
  private readonly feeds = new Set<Feed>();
  private cache: Buffer[] = [];
  private cacheBytes = 0;
  private rest: Buffer = Buffer.alloc(0);
  private tables = new ProgramTables();
  private pat: Buffer | null = null;
  private pmt: Buffer | null = null;
  private keyframeAt: number | null = null;
  private stopped = false;
  private decided = false;
  private failures = 0;
  private connectedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting: ((answered: boolean) => void)[] = [];
  private readonly config: BoxConfig;
  private readonly events: ReaderEvents;
  watchedAt = 0;
  lastByteAt = 0;
  answering = false;
  answeringSince = Date.now();
  keyframeSeconds: number | null = null;

  get answeringIfKnown(): boolean | null {
    return this.decided ? this.answering : null;
  }

  constructor(config: BoxConfig, events: ReaderEvents = {}) {
    this.config = config;
    this.events = events;
  }

  start() {
    this.stopped = false;
    this.connect();
    this.timer = setInterval(() => this.watch(), 1000);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const feed of [...this.feeds]) feed.subscriber.kill("the box is stopping");
    if (this.ffmpeg) await stopChild(this.ffmpeg);
  }

  private connect() {
    this.resetStream();
    const child = spawn(this.config.ffmpegPath, readerArgs(this.config.input), {
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.ffmpeg = child;
    const startedAt = Date.now();
    this.connectedAt = startedAt;
    let lastWords = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      lastWords = chunk.toString().trim().split("\n").at(-1) ?? lastWords;
    });
    child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
    child.on("error", (error) => log(`camera: ffmpeg could not run: ${error.message}`));
    child.on("exit", (code, signal) => {
      if (this.ffmpeg !== child) return;
      this.ffmpeg = null;
      this.endFeeds();
      this.setAnswering(false);
      if (this.stopped) return;
      const carried = this.lastByteAt > startedAt;
      // A connection that carried the camera was a good one: retry soon.
      if (carried) this.failures = 0;
      const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** this.failures);
      this.failures += 1;
      const why = lastWords || `ffmpeg exited (${signal ?? code})`;
      log(
        `camera: ${carried ? "connection lost" : "no connection"} (${why}), trying again in ${delay / 1000} s`,
      );
      if (carried) this.events.onRestart?.(why);
      setTimeout(() => {
        if (!this.stopped) this.connect();
      }, delay);
    });
    log(`camera: connecting to ${this.config.input} (ffmpeg PID ${child.pid} started)`);
  }

  private resetStream() {
    this.cache = [];
    this.cacheBytes = 0;
    this.rest = Buffer.alloc(0);
    this.tables = new ProgramTables();
    this.pat = null;
    this.pmt = null;
    this.keyframeAt = null;
  }

  private watch() {
    const now = Date.now();
    this.watchedAt = now;
    const silent = now - this.lastByteAt > SILENT_MS;
    if (this.answering && silent) this.setAnswering(false);
    const child = this.ffmpeg;
    const hung = this.lastByteAt > this.connectedAt ? silent : now - this.connectedAt > CONNECT_MS;
    // A camera that rebooted under an open connection leaves ffmpeg waiting for ever.
    if (child && hung && child.exitCode === null && child.signalCode === null) {
      log(
        `camera: no data for ${Math.round((now - Math.max(this.lastByteAt, this.connectedAt)) / 1000)} s, reconnecting`,
      );
      child.kill("SIGKILL");
    }
  }

  private setAnswering(answering: boolean) {
    if (this.decided && answering === this.answering) return;
    this.decided = true;
    this.answering = answering;
    this.answeringSince = Date.now();
    this.events.onAnswering?.(answering, this.answeringSince);
    if (answering) for (const resolve of this.waiting.splice(0)) resolve(true);
  }

  answered(timeoutMs: number): Promise<boolean> {
    if (this.answering) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(done), 1);
        resolve(false);
      }, timeoutMs);
      const done = (answered: boolean) => {
        clearTimeout(timer);
        resolve(answered);
      };
      this.waiting.push(done);
    });
  }

  private receive(chunk: Buffer) {
    this.lastByteAt = Date.now();
    const data = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    const whole = data.length - (data.length % PACKET);
    this.rest = data.subarray(whole);
    let from = 0;
    for (let offset = 0; offset < whole; offset += PACKET) {
      const packet = readPacket(data, offset);
      if (!packet) continue;
      const kind = this.tables.see(packet);
      if (kind === "pat") this.pat = data.subarray(offset, offset + PACKET);
      else if (kind === "pmt") this.pmt = data.subarray(offset, offset + PACKET);
      else if (kind === "video-start" && packet.randomAccess && this.pat && this.pmt) {
        this.pass(data.subarray(from, offset));
        from = offset;
        this.keyframe(packet.payload);
      }
    }
    this.pass(data.subarray(from, whole));
  }

  private keyframe(payload: Uint8Array) {
    const seconds = pesSeconds(payload);
    if (seconds !== null && this.keyframeAt !== null && seconds > this.keyframeAt) {
      this.keyframeSeconds = Math.round((seconds - this.keyframeAt) * 100) / 100;
    }
    this.keyframeAt = seconds;
    const tables = [this.pat, this.pmt].filter((packet) => packet !== null);
    this.cache = tables.map((packet) => Buffer.from(packet));
    this.cacheBytes = tables.length * PACKET;
    for (const feed of this.feeds) {
      if (!feed.started) {
        feed.started = true;
        for (const packet of this.cache) this.write(feed, packet);
      }
    }
    this.setAnswering(true);
  }

  private pass(bytes: Buffer) {
    if (bytes.length === 0) return;
    if (this.cache.length > 0) {
      this.cache.push(bytes);
      this.cacheBytes += bytes.length;
      if (this.cacheBytes > MAX_CACHE_BYTES) this.cache = [];
    }
    for (const feed of this.feeds) if (feed.started) this.write(feed, bytes);
  }

  private write(feed: Feed, bytes: Buffer) {
    const stdin = feed.subscriber.child.stdin;
    if (!stdin || stdin.destroyed) return;
    if (stdin.writableLength > MAX_BACKLOG_BYTES) {
      feed.subscriber.kill("ffmpeg stopped reading");
      return;
    }
    stdin.write(bytes);
  }

  private endFeeds() {
    for (const feed of this.feeds) feed.subscriber.child.stdin?.end();
    this.resetStream();
  }

  /** An ffmpeg fed from the last keyframe on; null while the camera does not answer. */
  subscribe(
    role: Role,
    { decode = [], output }: { decode?: string[]; output: string[] },
    options: { stdout?: "pipe" | "ignore"; env?: NodeJS.ProcessEnv } = {},
  ): Subscriber | null {
    if (!this.answering) return null;
    const child = spawn(this.config.ffmpegPath, [...QUIET, ...decode, ...PIPE_INPUT, ...output], {
      stdio: ["pipe", options.stdout ?? "ignore", "pipe"],
      env: options.env ?? process.env,
    });
    child.stdin?.on("error", () => {});
    let lastWords = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      lastWords = chunk.toString().trim().split("\n").at(-1) ?? lastWords;
    });
    let why = "";
    const exited = new Promise<string>((resolve) => {
      const done = (code: number | null, signal: NodeJS.Signals | null) => {
        this.feeds.delete(feed);
        resolve(why || lastWords || `ffmpeg exited (${signal ?? code})`);
      };
      child.once("exit", done);
      child.once("error", (error) => {
        why = `ffmpeg could not run: ${error.message}`;
        done(null, null);
      });
    });
    const subscriber: Subscriber = {
      role,
      child,
      exited,
      stop: () => stopChild(child),
      kill: (reason) => {
        why ||= reason;
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      },
    };
    const feed: Feed = { subscriber, started: this.cache.length > 0 };
    this.feeds.add(feed);
    if (feed.started) for (const packet of this.cache) this.write(feed, packet);
    log(`${role}: ffmpeg PID ${child.pid} started`);
    return subscriber;
  }
}
