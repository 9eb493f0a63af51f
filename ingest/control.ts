import { type Command, commandSchema, PING, type Report } from "#protocol/camera-box.ts";
import { type SegmentHeader, segmentFrame } from "#protocol/segment-frame.ts";
import type { BoxConfig } from "./config.ts";
import { log } from "./log.ts";
import { controlUrl, unreachable } from "./worker-client.ts";

const PING_MS = 20_000;
/** No pong or command for this long: the connection is dead even if TCP has not noticed. */
const SILENCE_MS = 45_000;
const MAX_BACKOFF_MS = 30_000;
/** A Worker that accepts and never answers would hold a handshake for Node's 300 s. */
export const HANDSHAKE_MS = 15_000;
/** A connection that held this long was a good one: the backoff starts again from a second. */
const STABLE_MS = 60_000;
/** A segment the Worker has not acknowledged by then goes by PUT instead. */
const SEGMENT_ACK_MS = 5_000;
/** workerd closes a socket on a message above 1 MiB (Cloudflare's objects take 32): PUT beyond. */
export const MAX_SEGMENT_MESSAGE_BYTES = 1000 * 1024;
/** The Worker's close code when another connection with the box's key replaced this one. */
const REPLACED = 4000;

type SegmentAnswer = Extract<Command, { type: "segment" }>["code"];
/** What the box acts on; segment answers stay with the channel. */
export type ControlCommand = Exclude<Command, { type: "segment" }>;
type Handlers = {
  onCommand: (command: ControlCommand) => void;
  onUp: () => void;
  onDown: () => void;
};

export class ControlChannel {
  private socket: WebSocket | null = null;
  private failures = 0;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** Segments sent and not yet answered, by "epoch/seq". */
  private readonly answers = new Map<string, (answer: SegmentAnswer | null) => void>();
  private readonly config: BoxConfig;
  private readonly handlers: Handlers;

  constructor(config: BoxConfig, handlers: Handlers) {
    this.config = config;
    this.handlers = handlers;
  }

  async connect() {
    if (this.closed) return;
    const socket = new WebSocket(await controlUrl(this.config));
    this.socket = socket;
    let lastHeard = Date.now();
    let opened = false;
    const handshake = setTimeout(() => socket.close(), HANDSHAKE_MS);
    socket.addEventListener("open", () => {
      opened = true;
      clearTimeout(handshake);
      log(`control: connected to ${this.config.workerUrl}`);
      // Not at once: two boxes with one key would otherwise replace each other every second.
      this.timers.push(setTimeout(() => (this.failures = 0), STABLE_MS));
      this.timers.push(
        setInterval(() => {
          if (Date.now() - lastHeard > SILENCE_MS) socket.close();
          else socket.send(PING);
        }, PING_MS),
      );
      this.handlers.onUp();
    });
    socket.addEventListener("message", (event) => {
      lastHeard = Date.now();
      if (typeof event.data !== "string" || event.data === "pong") return;
      try {
        const command = commandSchema.safeParse(JSON.parse(event.data));
        if (!command.success) log(`control: ignored an unknown message`);
        else if (command.data.type !== "segment") this.handlers.onCommand(command.data);
        else {
          const { epoch, seq, code } = command.data;
          this.answers.get(`${epoch}/${seq}`)?.(code);
        }
      } catch {
        log("control: ignored a message that is not JSON");
      }
    });
    socket.addEventListener("close", (event) => {
      clearTimeout(handshake);
      for (const timer of this.timers.splice(0)) clearTimeout(timer);
      if (this.socket !== socket) return;
      this.socket = null;
      for (const answer of [...this.answers.values()]) answer(null);
      this.handlers.onDown();
      if (this.closed) return;
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.failures);
      this.failures += 1;
      const delay = backoff / 2 + Math.random() * (backoff / 2);
      const retry = `reconnecting in ${(delay / 1000).toFixed(1)} s`;
      if (event.code === REPLACED) {
        log(
          `control: another connection with this box's key took over (is a second box running with CAMERA_DEVICE_ID ${this.config.deviceId}?); ${retry}`,
        );
      } else if (opened) log(`control: disconnected (${event.code}), ${retry}`);
      else {
        void whyRefused(this.config).then((reason) =>
          log(`control: could not connect to ${this.config.workerUrl}: ${reason}; ${retry}`),
        );
      }
      setTimeout(() => void this.connect().catch(() => this.socket?.close()), delay);
    });
  }

  send(report: Report): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(report));
    return true;
  }

  /** The Worker's answer to a segment sent on the socket, or null: then it goes by PUT. */
  sendSegment(header: SegmentHeader, segment: Uint8Array): Promise<SegmentAnswer | null> {
    const socket = this.socket;
    const frame = segmentFrame(header, segment);
    if (socket?.readyState !== WebSocket.OPEN || frame.length > MAX_SEGMENT_MESSAGE_BYTES) {
      return Promise.resolve(null);
    }
    const key = `${header.epoch}/${header.seq}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => answered(null), SEGMENT_ACK_MS);
      const answered = (answer: SegmentAnswer | null) => {
        clearTimeout(timer);
        this.answers.delete(key);
        resolve(answer);
      };
      this.answers.set(key, answered);
      socket.send(frame);
    });
  }

  close() {
    this.closed = true;
    this.socket?.close(1000, "box shutting down");
  }
}

/** A failed WebSocket handshake says no reason; the same signed request over HTTP gets one. */
async function whyRefused(config: BoxConfig): Promise<string> {
  const url = new URL(await controlUrl(config));
  url.protocol = url.protocol === "wss:" ? "https:" : "http:";
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string };
    } | null;
    const answer = `${response.status} ${body?.error?.code ?? response.statusText}`;
    return response.status === 401 || response.status === 403
      ? `the Worker refused the box (${answer}): check CAMERA_DEVICE_ID, CAMERA_DEVICE_SECRET and the clock`
      : `the Worker answered ${answer}`;
  } catch (error) {
    return unreachable(error);
  }
}
