import { DurableObject } from "cloudflare:workers";
import { type Config, getConfig } from "#app/.server/env.ts";
import { epochPrefix, type Segment, segmentKey } from "#app/.server/live-stream/playlist.ts";
import { TOKEN_SLACK_SECONDS } from "#app/.server/live-stream/stream-token.ts";
import type { StreamSessionState } from "#app/features/live-stream/live-stream-api.ts";
import { type Command, PING, PONG, reportSchema } from "#protocol/camera-box.ts";
import { SIGNATURE_WINDOW_SECONDS } from "#protocol/device-signature.ts";
import { MINUTE_MS } from "#time/durations.ts";

export type StreamPhase = "idle" | "starting" | "live" | "failed";

type StreamState = {
  /** Increases with every start, so a restarted stream never lists an older one's segments. */
  epoch: number;
  phase: StreamPhase;
  phaseSince: number;
  lastSegmentAt: number;
  stopAt: number | null;
  segments: Segment[];
};

export type CreatedSession =
  | { ok: true; id: string; expiresAt: number; live: boolean }
  | { ok: false; code: "camera_offline" };
/** The stream as every viewer's playlist request sees it (shared, see object-answers.ts). */
export type PlaylistAnswer = {
  epoch: number;
  phase: StreamPhase;
  segments: Segment[];
  /** Sessions stopped early whose tokens have not expired yet: the Worker refuses them. */
  ended: string[];
};
export type SegmentResult = { ok: true } | { ok: false; code: "wrong_epoch" | "duplicate_segment" };

const STATE_KEY = "stream";
const TAKEOVERS_KEY = "takeovers";
/**
 * A box that reconnects replaces its own half-open connection now and then; one that takes
 * the connection over this often in this long is fighting a second box with the same key
 * (ingest/README.md). Neither can stream while they fight, so the camera counts as offline.
 */
const CONTESTED_TAKEOVERS = 3;
const CONTESTED_WINDOW_MS = 2 * MINUTE_MS;
const KEPT_SEGMENTS = 8;
/** A live stream whose box uploads nothing for this long has failed. */
const STALL_MS = 8_000;

const initialState: StreamState = {
  epoch: 0,
  phase: "idle",
  phaseSince: 0,
  lastSegmentAt: 0,
  stopAt: null,
  segments: [],
};

export function cameraStream(env: Env, deviceId: string) {
  return env.CAMERA_STREAM.getByName(deviceId);
}

/** Every deadline is an alarm and every fact in storage: hibernation and restarts lose nothing. */
export class CameraStream extends DurableObject<Env> {
  private readonly config: Config;
  /** Panels waiting in `settledSessionState`: in memory, as a pending call keeps the object up. */
  private readonly waiting = new Set<() => void>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.config = getConfig(env);
    // The box's keep-alive is answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS nonces (signature TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS ended_sessions (id TEXT PRIMARY KEY, forget_at INTEGER NOT NULL);`,
    );
  }

  private get state(): StreamState {
    return this.ctx.storage.kv.get<StreamState>(STATE_KEY) ?? initialState;
  }

  private save(state: StreamState) {
    this.ctx.storage.kv.put(STATE_KEY, state);
  }

  /** The newest open control socket: a replaced one may linger while it closes. */
  private get box(): WebSocket | undefined {
    return this.ctx
      .getWebSockets()
      .filter((socket) => socket.readyState === WebSocket.OPEN)
      .at(-1);
  }

  /**
   * A box that can stream: connected, and its camera answering. A new connection's camera
   * answers until the box says otherwise (kept with the socket, so hibernation keeps it too).
   */
  private get streamingBox(): WebSocket | undefined {
    if (this.recentTakeovers(Date.now()).length >= CONTESTED_TAKEOVERS) return undefined;
    const box = this.box;
    const camera = box?.deserializeAttachment() as { reachable: boolean } | null | undefined;
    return camera?.reachable === false ? undefined : box;
  }

  private send(command: Command) {
    try {
      this.box?.send(JSON.stringify(command));
    } catch (error) {
      console.warn("camera-stream: could not reach the box", error);
    }
  }

  private activeSessions(now: number): { count: number; firstExpiry: number | null } {
    return this.ctx.storage.sql
      .exec<{ count: number; firstExpiry: number | null }>(
        "SELECT count(*) AS count, min(expires_at) AS firstExpiry FROM sessions WHERE expires_at > ?",
        now,
      )
      .one();
  }

  status(): { online: boolean; phase: StreamPhase } {
    return { online: this.streamingBox !== undefined, phase: this.state.phase };
  }

  /** The first session starts the box; later ones share its stream. */
  async createSession(): Promise<CreatedSession> {
    if (!this.streamingBox) return { ok: false, code: "camera_offline" };
    const now = Date.now();
    const id = crypto.randomUUID();
    const expiresAt = now + this.config.STREAM_SESSION_SECONDS * 1000;
    this.ctx.storage.sql.exec("INSERT INTO sessions (id, expires_at) VALUES (?, ?)", id, expiresAt);

    let state: StreamState = { ...this.state, stopAt: null };
    if (state.phase === "idle" || state.phase === "failed") {
      this.deleteEpoch(state.epoch);
      state = { ...initialState, epoch: state.epoch + 1, phase: "starting", phaseSince: now };
    }
    this.save(state);
    // Sent again for every session: it extends the box's own deadline for this epoch.
    const runSeconds = Math.ceil((expiresAt - now) / 1000) + this.config.STREAM_STOP_GRACE_SECONDS;
    this.send({ type: "start", epoch: state.epoch, runSeconds });
    await this.scheduleAlarm();
    return { ok: true, id, expiresAt, live: state.phase === "live" };
  }

  sessionState(id: string): StreamSessionState {
    const now = Date.now();
    const row = this.ctx.storage.sql
      .exec<{ expires_at: number }>("SELECT expires_at FROM sessions WHERE id = ?", id)
      .toArray()[0];
    const online = this.streamingBox !== undefined;
    if (!row || row.expires_at <= now) return { state: "ended", online };
    const { phase } = this.state;
    if (phase === "starting" || phase === "live") return { state: phase, online };
    return { state: "failed", online };
  }

  /**
   * Answers once the session's stream stops starting (its first segment landed, or it failed)
   * or after `waitMs`: the panel learns it at once instead of polling the object.
   */
  async settledSessionState(id: string, waitMs: number) {
    if (this.sessionState(id).state === "starting") {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        this.waiting.add(done);
      });
    }
    return this.sessionState(id);
  }

  private wakeWaiting() {
    for (const done of [...this.waiting]) done();
  }

  /** Stopped by its visitor: remembered until its token expires, which the Worker checks alone. */
  async endSession(id: string) {
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM ended_sessions WHERE forget_at <= ?", Date.now());
    const ended = sql
      .exec<{ expires_at: number }>("DELETE FROM sessions WHERE id = ? RETURNING expires_at", id)
      .toArray()[0];
    if (ended) {
      const forgetAt = ended.expires_at + TOKEN_SLACK_SECONDS * 1000;
      sql.exec("INSERT OR REPLACE INTO ended_sessions (id, forget_at) VALUES (?, ?)", id, forgetAt);
    }
    await this.scheduleAlarm();
  }

  playlist(): PlaylistAnswer {
    const { epoch, phase, segments } = this.state;
    const ended = this.ctx.storage.sql
      .exec<{ id: string }>("SELECT id FROM ended_sessions WHERE forget_at > ?", Date.now())
      .toArray()
      .map((row) => row.id);
    return { epoch, phase, segments: phase === "live" ? segments : [], ended };
  }

  /** Single use of a box request's signature within its validity window: replays fail. */
  claimNonce(signature: string): boolean {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM nonces WHERE expires_at <= ?", now);
    if (sql.exec("SELECT 1 FROM nonces WHERE signature = ?", signature).toArray().length > 0) {
      return false;
    }
    const expiresAt = now + 2 * SIGNATURE_WINDOW_SECONDS * 1000;
    sql.exec("INSERT INTO nonces (signature, expires_at) VALUES (?, ?)", signature, expiresAt);
    return true;
  }

  async addSegment(
    epoch: number,
    seq: number,
    duration: number,
    body: ArrayBuffer,
  ): Promise<SegmentResult> {
    const before = this.state;
    if (epoch !== before.epoch || (before.phase !== "starting" && before.phase !== "live")) {
      return { ok: false, code: "wrong_epoch" };
    }
    // The box uploads in order and sends again only its latest, when the answer was lost.
    const newest = before.segments.at(-1)?.seq ?? -1;
    if (seq === newest) return { ok: false, code: "duplicate_segment" };
    // An earlier number is the box's ffmpeg counting from 0 again (the box ended the stream on
    // its own, and a later start named the same epoch): two runs would be mixed, and the
    // playlist would stand still until the new numbers passed the old.
    if (seq < newest) {
      this.fail(before, "segments restarted");
      await this.scheduleAlarm();
      return { ok: false, code: "wrong_epoch" };
    }
    await this.env.MEDIA.put(segmentKey(epoch, seq), body, {
      httpMetadata: { contentType: "video/mp2t" },
    });
    // The put let other events in: the stream may have stopped (its epoch already deleted),
    // or the same segment may have been listed by a concurrent upload.
    const state = this.state;
    if (epoch !== state.epoch || state.phase === "idle" || state.phase === "failed") {
      await this.env.MEDIA.delete(segmentKey(epoch, seq));
      return { ok: false, code: "wrong_epoch" };
    }
    if (state.segments.some((s) => s.seq === seq)) return { ok: false, code: "duplicate_segment" };
    const segments = [...state.segments, { seq, duration }]
      .sort((a, b) => a.seq - b.seq)
      .slice(-KEPT_SEGMENTS);
    const now = Date.now();
    this.save({
      ...state,
      phase: "live",
      phaseSince: state.phase === "live" ? state.phaseSince : now,
      lastSegmentAt: now,
      segments,
    });
    if (state.phase === "starting") this.wakeWaiting();
    await this.scheduleAlarm();
    return { ok: true };
  }

  /** The Worker has checked the box's signature before forwarding. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("expected a WebSocket upgrade", { status: 426 });
    }
    // One box per camera: a new connection replaces a half-open old one.
    if (this.box) this.tookOver();
    for (const old of this.ctx.getWebSockets()) old.close(4000, "replaced by a newer connection");
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  private recentTakeovers(now: number): number[] {
    const takeovers = this.ctx.storage.kv.get<number[]>(TAKEOVERS_KEY) ?? [];
    return takeovers.filter((at) => at > now - CONTESTED_WINDOW_MS);
  }

  private tookOver() {
    const now = Date.now();
    const takeovers = [...this.recentTakeovers(now), now];
    this.ctx.storage.kv.put(TAKEOVERS_KEY, takeovers);
    if (takeovers.length === CONTESTED_TAKEOVERS) {
      console.warn(
        `camera-stream: the box's connection was taken over ${CONTESTED_TAKEOVERS} times in ${CONTESTED_WINDOW_MS / MINUTE_MS} minutes: are two boxes running with one key? Offline until it settles.`,
      );
    }
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (typeof message !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return;
    }
    const report = reportSchema.safeParse(json);
    if (!report.success) return;
    const state = this.state;
    const running = state.phase === "starting" || state.phase === "live";
    if (report.data.type === "camera") {
      const { reachable } = report.data;
      ws.serializeAttachment({ reachable });
      if (!reachable) console.warn("camera-stream: the box cannot reach its camera");
      // A running stream fails on its own (its segments stop): nothing else changes here.
    } else if (report.data.type === "hello") {
      // A box that restarted mid-stream lost its ffmpeg: that stream cannot continue.
      if (running && report.data.epoch !== state.epoch) this.fail(state, "box restarted");
    } else if (running && report.data.epoch === state.epoch) {
      console.warn(`camera-stream: box failed: ${report.data.reason}`);
      this.fail(state, "box reported a failure");
    }
    await this.scheduleAlarm();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string) {
    // Sessions survive a short drop: the stall deadline decides whether the stream failed.
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  override async alarm() {
    const now = Date.now();
    this.ctx.storage.sql.exec("DELETE FROM sessions WHERE expires_at <= ?", now);
    let state = this.state;
    if (state.phase === "starting" && now >= state.phaseSince + this.startTimeoutMs) {
      state = this.fail(state, "no segment in time");
    } else if (state.phase === "live" && now >= state.lastSegmentAt + STALL_MS) {
      state = this.fail(state, "segments stopped");
    }
    if (state.phase !== "idle" && this.activeSessions(now).count === 0) {
      if (state.stopAt === null) {
        state = { ...state, stopAt: now + this.config.STREAM_STOP_GRACE_SECONDS * 1000 };
      } else if (now >= state.stopAt) {
        this.send({ type: "stop", epoch: state.epoch });
        this.deleteEpoch(state.epoch);
        state = { ...state, phase: "idle", phaseSince: now, stopAt: null, segments: [] };
      }
      this.save(state);
    }
    await this.scheduleAlarm();
  }

  private get startTimeoutMs() {
    return this.config.STREAM_START_TIMEOUT_SECONDS * 1000;
  }

  private fail(state: StreamState, why: string): StreamState {
    console.warn(`camera-stream: epoch ${state.epoch} failed: ${why}`);
    this.send({ type: "stop", epoch: state.epoch });
    const failed = { ...state, phase: "failed" as const, phaseSince: Date.now(), segments: [] };
    this.save(failed);
    this.wakeWaiting();
    return failed;
  }

  private async scheduleAlarm() {
    const state = this.state;
    const sessions = this.activeSessions(Date.now());
    const deadlines = [
      sessions.firstExpiry,
      state.stopAt,
      state.phase === "starting" ? state.phaseSince + this.startTimeoutMs : null,
      state.phase === "live" ? state.lastSegmentAt + STALL_MS : null,
      // Without sessions, a running or failed stream still has to be wound down.
      state.phase !== "idle" && sessions.count === 0 && state.stopAt === null ? Date.now() : null,
    ].filter((t): t is number => t !== null);
    if (deadlines.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...deadlines));
  }

  /** Old epochs' segments are never served again; R2 lists and deletes at most 1000 at a time. */
  private deleteEpoch(epoch: number) {
    if (epoch === 0) return;
    this.ctx.waitUntil(
      (async () => {
        let listed = await this.env.MEDIA.list({ prefix: epochPrefix(epoch) });
        while (listed.objects.length > 0) {
          await this.env.MEDIA.delete(listed.objects.map((o) => o.key));
          if (!listed.truncated) break;
          listed = await this.env.MEDIA.list({ prefix: epochPrefix(epoch), cursor: listed.cursor });
        }
      })(),
    );
  }
}
