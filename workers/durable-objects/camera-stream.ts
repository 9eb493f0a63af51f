import { DurableObject } from "cloudflare:workers";
import {
  type AlertMemory,
  decideAlerts,
  markSent,
  noAlertsYet,
} from "#app/.server/camera/camera-alerts.ts";
import { cameraFacts } from "#app/.server/camera/camera-facts.ts";
import { healthChanges } from "#app/.server/camera/health-changes.ts";
import { getDb } from "#app/.server/db/client.ts";
import { type Config, getConfig } from "#app/.server/env.ts";
import { epochPrefix, type Segment, segmentKey } from "#app/.server/live-stream/playlist.ts";
import { TOKEN_SLACK_SECONDS } from "#app/.server/live-stream/stream-token.ts";
import {
  type CameraView,
  type StreamPhase,
  segmentsStopped,
  type Watchers,
} from "#app/.server/live-stream/watch-coalescer.ts";
import { readCameraAlertSettings } from "#app/.server/settings.ts";
import { randomHex } from "#app/.server/uploads/upload-store.ts";
import { archiveHref } from "#app/features/archive/stills.ts";
import type {
  CameraOverview,
  KeptHealth,
  OfflineReason,
  Presence,
} from "#app/features/camera/camera-overview.ts";
import { localizePath } from "#app/i18n/locales.ts";
import {
  type Command,
  type HealthReport,
  MAX_REPORT_BYTES,
  PING,
  PONG,
  type Report,
  type refusalCodes,
  reportSchema,
} from "#protocol/camera-box.ts";
import { SIGNATURE_WINDOW_SECONDS } from "#protocol/device-signature.ts";
import { checkSegment } from "#protocol/mpeg-ts.ts";
import { readSegmentFrame } from "#protocol/segment-frame.ts";
import { addDays } from "#time/calendar-day.ts";
import { MINUTE_MS } from "#time/durations.ts";
import { lakeDate, lakeWallClock } from "#time/lake-time.ts";
import { EVENTS_TABLE, newestEvents, recordEvent } from "./camera-events.ts";

type StreamState = {
  /** Increases with every start, so a restarted stream never lists an older one's segments. */
  epoch: number;
  salt: string;
  phase: StreamPhase;
  phaseSince: number;
  lastSegmentAt: number;
  stopAt: number | null;
  segments: Segment[];
  watchedUntil: number;
};

export type PlaylistAnswer = {
  phase: StreamPhase;
  segments: Segment[];
  ended: string[];
};
export type SegmentResult = { ok: true } | { ok: false; code: "wrong_epoch" | "duplicate_segment" };

/** Kept with each control socket, so hibernation keeps it too. */
type BoxSocket = {
  reachable: boolean | null;
  connectedAt: number;
  heardAt: number;
  protocol: number | null;
};
type Dropped = { at: number; detail: string };
// `deciding` while not known yet: the site keeps saying what it said before.
type CameraState = OfflineReason | null | "deciding";
type StoredHealth = KeptHealth & { previous: HealthReport | null };
type StoredAlerts = { memory: AlertMemory; wakeAt: number | null };

const STATE_KEY = "stream";
const TAKEOVERS_KEY = "takeovers";
const HEALTH_KEY = "health";
const PRESENCE_KEY = "presence";
const ALERTS_KEY = "alerts";
const DROPPED_KEY = "dropped";
const neverSeen: Presence = { online: false, since: null, why: "no_box" };
/** A socket with no message and no ping answered for this long is a half-open connection. */
const SILENT_MS = 90_000;
/** How often a quiet socket is looked at; the box's health reports come more often. */
const SILENCE_CHECK_MS = 15 * MINUTE_MS;
/** A box reconnects within a few seconds (ingest/control.ts): no outage until this has passed. */
export const RECONNECT_GRACE_MS = 10_000;
/** A box decides within 15 s whether its camera answers (ingest/camera-reader.ts). */
const DECIDING_MS = 20_000;
const MAIL_RETRY_MS = 10 * MINUTE_MS;
const OVERVIEW_EVENTS = 50;
// Takeovers this often: a second box with the same key (ingest/README.md): offline meanwhile.
const CONTESTED_TAKEOVERS = 3;
const CONTESTED_WINDOW_MS = 2 * MINUTE_MS;
const KEPT_SEGMENTS = 8;
/** A segment's bytes never change; cached copies outlive the object harmlessly (names unknown). */
const SEGMENT_CACHE = "public, max-age=86400, immutable";
/** How far the stored watch runs ahead of the viewers' last end: one write per this much growth. */
const WATCH_AHEAD_MS = 10_000;
const EXTEND_BOX_MS = 5_000;
const STALL_MS = 8_000;
/** Stall checks on a grid, so segments 2 s apart move the alarm (a row written) every other one. */
const STALL_GRID_MS = 4_000;
/** The live edge is stored this often, not per segment: a row each (ADR 009). */
const EDGE_SAVE_MS = 10_000;

const initialState: StreamState = {
  epoch: 0,
  salt: "",
  phase: "idle",
  phaseSince: 0,
  lastSegmentAt: 0,
  stopAt: null,
  segments: [],
  watchedUntil: 0,
};

export function cameraStream(env: Env, deviceId: string) {
  return env.CAMERA_STREAM.getByName(deviceId);
}

/** Every deadline is an alarm and every fact in storage: hibernation and restarts lose nothing. */
export class CameraStream extends DurableObject<Env> {
  private readonly config: Config;
  /** Panels waiting in `settled`: in memory, as a pending call keeps the object up. */
  private readonly waiting = new Set<() => void>();
  /** The alerts' decisions, one after the other: two at once could send a mail twice. */
  private alerting: Promise<void> = Promise.resolve();
  private readonly watchers = new Map<number, number>();
  private readonly watchedBefore: number;
  /** The box's deadline as last sent to which socket, so a crowd does not resend it per viewer. */
  private boxUntil: { box?: WebSocket; epoch: number; until: number } = { epoch: 0, until: 0 };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.config = getConfig(env);
    // The box's keep-alive is answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    ctx.storage.sql.exec(
      `DROP TABLE IF EXISTS sessions;
       CREATE TABLE IF NOT EXISTS nonces (signature TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS ended_sessions (id TEXT PRIMARY KEY, forget_at INTEGER NOT NULL);
       ${EVENTS_TABLE}`,
    );
    this.watchedBefore = this.state.watchedUntil;
  }

  private unsavedEdge: Pick<StreamState, "epoch" | "segments" | "lastSegmentAt"> | null = null;
  private edgeSavedAt = 0;

  private get state(): StreamState {
    const stored = { ...initialState, ...this.ctx.storage.kv.get<StreamState>(STATE_KEY) };
    const edge = this.unsavedEdge;
    return edge && stored.phase === "live" && edge.epoch === stored.epoch
      ? { ...stored, ...edge }
      : stored;
  }

  private save(state: StreamState) {
    this.ctx.storage.kv.put(STATE_KEY, state);
    this.unsavedEdge = null;
    this.edgeSavedAt = Date.now();
  }

  /** The newest open control socket: a replaced one may linger while it closes. */
  private get box(): WebSocket | undefined {
    return this.ctx
      .getWebSockets()
      .filter((socket) => socket.readyState === WebSocket.OPEN)
      .at(-1);
  }

  private socketOf(ws: WebSocket): BoxSocket {
    const kept = ws.deserializeAttachment() as Partial<BoxSocket> | null;
    return { reachable: null, connectedAt: 0, heardAt: 0, protocol: null, ...kept };
  }

  private get dropped(): Dropped | null {
    return this.ctx.storage.kv.get<Dropped>(DROPPED_KEY) ?? null;
  }

  private cameraState(now: number): CameraState {
    if (this.recentTakeovers(now).length >= CONTESTED_TAKEOVERS) return "contested";
    const box = this.box;
    if (!box) {
      const dropped = this.dropped;
      return dropped && now < dropped.at + RECONNECT_GRACE_MS ? "deciding" : "no_box";
    }
    const { reachable, connectedAt } = this.socketOf(box);
    if (reachable === null) return now < connectedAt + DECIDING_MS ? "deciding" : "camera";
    return reachable ? null : "camera";
  }

  private get streamingBox(): WebSocket | undefined {
    return this.cameraState(Date.now()) === null ? this.box : undefined;
  }

  private get online(): boolean {
    const state = this.cameraState(Date.now());
    return state === "deciding" ? this.presence.online : state === null;
  }

  private get presence(): Presence {
    return this.ctx.storage.kv.get<Presence>(PRESENCE_KEY) ?? neverSeen;
  }

  private notePresence(now: number, since = now): boolean {
    const why = this.cameraState(now);
    const was = this.presence;
    if (why === "deciding") return false;
    if (why === null ? was.online : !was.online && was.why === why) return false;
    const next: Presence =
      why === null
        ? { online: true, since }
        : { online: false, since: was.online || was.since === null ? since : was.since, why };
    this.ctx.storage.kv.put(PRESENCE_KEY, next);
    return true;
  }

  private endDrop(now: number): boolean {
    const dropped = this.dropped;
    if (!dropped || this.box || now < dropped.at + RECONNECT_GRACE_MS) return false;
    this.ctx.storage.kv.delete(DROPPED_KEY);
    recordEvent(this.ctx.storage.sql, "disconnected", dropped.detail, dropped.at);
    this.notePresence(now, dropped.at);
    return true;
  }

  private get health(): StoredHealth | null {
    return this.ctx.storage.kv.get<StoredHealth>(HEALTH_KEY) ?? null;
  }

  overview(): CameraOverview {
    this.endDrop(Date.now());
    this.notePresence(Date.now());
    const box = this.box;
    const health = this.health;
    return {
      presence: this.presence,
      health: health && {
        report: health.report,
        receivedAt: health.receivedAt,
        skewSeconds: health.skewSeconds,
      },
      protocol: box ? this.socketOf(box).protocol : null,
      events: newestEvents(this.ctx.storage.sql, OVERVIEW_EVENTS),
    };
  }

  private send(command: Command) {
    try {
      this.box?.send(JSON.stringify(command));
    } catch (error) {
      console.warn("camera-stream: could not reach the box", error);
    }
  }

  private watchedUntil(now: number): number {
    let until = this.watchedBefore;
    for (const [endsAt, count] of this.watchers) {
      if (endsAt <= now || count === 0) this.watchers.delete(endsAt);
      else if (count > 0) until = Math.max(until, endsAt);
    }
    return until;
  }

  status(): { online: boolean; phase: StreamPhase } {
    return { online: this.online, phase: this.state.phase };
  }

  private view(): CameraView {
    const { epoch, salt, phase, stopAt, segments, lastSegmentAt } = this.state;
    const edge = {
      epoch,
      salt,
      seq: segments.at(-1)?.seq ?? null,
      at: lastSegmentAt,
      longest: segments.length > 0 ? Math.max(...segments.map((s) => s.duration)) : null,
    };
    return {
      online: this.online,
      phase,
      edge,
      stopping: stopAt !== null,
      ended: this.endedSessions(),
    };
  }

  /** Deciding, the box is started once its camera answers (`cameraSaid`), or the start times out. */
  async watch(watchers: Watchers): Promise<CameraView> {
    const now = Date.now();
    if (!this.online || watchers.length === 0) return this.view();
    for (const [endsAt, count] of watchers) {
      this.watchers.set(endsAt, (this.watchers.get(endsAt) ?? 0) + count);
    }
    const until = this.watchedUntil(now);
    const before = this.state;
    let state = before;
    if (segmentsStopped(state.phase, state.lastSegmentAt, now)) {
      state = this.fail(state, "segments stopped");
    }
    if (state.phase === "idle" || state.phase === "failed") {
      this.deleteEpoch(state.epoch);
      // A new salt per epoch: names never repeat, even if this object's storage were lost.
      const epoch = state.epoch + 1;
      state = { ...initialState, epoch, salt: randomHex(8), phase: "starting", phaseSince: now };
    }
    // An isolate's late word of viewers who have all left since keeps the stop grace running.
    if (state.stopAt !== null && until > now) state = { ...state, stopAt: null };
    if (until > state.watchedUntil) state = { ...state, watchedUntil: until + WATCH_AHEAD_MS };
    if (state !== before) {
      this.save(state);
      await this.scheduleAlarm();
    }
    if (this.streamingBox) this.startBox(state.epoch, now);
    return this.view();
  }

  private startBox(epoch: number, now: number, again = false) {
    const until = this.watchedUntil(now);
    const box = this.box;
    if (until <= now) return;
    const sent = this.boxUntil;
    const known = sent.box === box && sent.epoch === epoch;
    if (!again && known && until < sent.until + EXTEND_BOX_MS) return;
    this.boxUntil = { box, epoch, until };
    const runSeconds = Math.ceil((until - now) / 1000) + this.config.STREAM_STOP_GRACE_SECONDS;
    this.send({ type: "start", epoch, runSeconds, segmentsOnSocket: true });
  }

  // Waiting panels learn of the first segment, or the failure, at once rather than polling.
  async settled(waitMs: number): Promise<CameraView> {
    if (this.state.phase === "starting") {
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
    return this.view();
  }

  private wakeWaiting() {
    for (const done of [...this.waiting]) done();
  }

  private endedSessions(): string[] {
    return this.ctx.storage.sql
      .exec<{ id: string }>("SELECT id FROM ended_sessions WHERE forget_at > ?", Date.now())
      .toArray()
      .map((row) => row.id);
  }

  /** Remembered until its token expires, which the Worker checks alone. */
  async endSession(id: string, endsAt: number): Promise<CameraView> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM ended_sessions WHERE forget_at <= ?", now);
    const forgetAt = endsAt + TOKEN_SLACK_SECONDS * 1000;
    const { rowsWritten } = sql.exec(
      "INSERT OR IGNORE INTO ended_sessions (id, forget_at) VALUES (?, ?)",
      id,
      forgetAt,
    );
    // Below zero when the viewer's isolate has not told of them yet: its later word cancels out.
    if (rowsWritten > 0) {
      this.watchers.set(endsAt, (this.watchers.get(endsAt) ?? 0) - 1);
      const state = this.state;
      const until = this.watchedUntil(now);
      if (until < state.watchedUntil) {
        this.save({ ...state, watchedUntil: until });
        await this.scheduleAlarm();
      }
    }
    return this.view();
  }

  playlist(): PlaylistAnswer {
    const { phase, segments } = this.state;
    return {
      phase,
      segments: phase === "live" ? segments : [],
      ended: this.endedSessions(),
    };
  }

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
    // A lower number is ffmpeg counting from 0 again under the same epoch: two runs would mix.
    if (seq < newest) {
      this.fail(before, "segments restarted");
      await this.scheduleAlarm();
      return { ok: false, code: "wrong_epoch" };
    }
    const key = await segmentKey(this.config.SESSION_SECRET, before, seq);
    await this.env.PUBLIC_MEDIA.put(key, body, {
      httpMetadata: { contentType: "video/mp2t", cacheControl: SEGMENT_CACHE },
    });
    // The put let other events in: the epoch may be gone, or a concurrent upload listed this.
    const state = this.state;
    const duplicate = state.segments.some((s) => s.seq === seq);
    if (epoch !== state.epoch || state.phase === "idle" || state.phase === "failed" || duplicate) {
      await this.env.PUBLIC_MEDIA.delete(key);
      return { ok: false, code: duplicate ? "duplicate_segment" : "wrong_epoch" };
    }
    const segments = [...state.segments, { seq, duration, key }]
      .sort((a, b) => a.seq - b.seq)
      .slice(-KEPT_SEGMENTS);
    const now = Date.now();
    if (state.phase === "live" && now - this.edgeSavedAt < EDGE_SAVE_MS) {
      this.unsavedEdge = { epoch, segments, lastSegmentAt: now };
    } else {
      this.save({
        ...state,
        phase: "live",
        phaseSince: state.phase === "live" ? state.phaseSince : now,
        lastSegmentAt: now,
        segments,
      });
    }
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
    const now = Date.now();
    // Back after the grace, before the alarm has ended the drop: the outage still happened.
    this.endDrop(now);
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({
      reachable: null,
      connectedAt: now,
      heardAt: now,
      protocol: null,
    } satisfies BoxSocket);
    // Back within the grace: the drop was a blip, never an outage.
    this.ctx.storage.kv.delete(DROPPED_KEY);
    recordEvent(this.ctx.storage.sql, "connected", null, now);
    this.notePresence(now);
    await this.checkAlerts(now);
    await this.scheduleAlarm();
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
      recordEvent(this.ctx.storage.sql, "contested", null, now);
      console.warn(
        `camera-stream: the box's connection was taken over ${CONTESTED_TAKEOVERS} times in ${CONTESTED_WINDOW_MS / MINUTE_MS} minutes: are two boxes running with one key? Offline until it settles.`,
      );
    }
  }

  private refuse(ws: WebSocket, code: (typeof refusalCodes)[number], message: string) {
    console.warn(`camera-stream: refused a report (${code}): ${message}`);
    try {
      ws.send(JSON.stringify({ type: "refused", code, message } satisfies Command));
    } catch {
      // gone meanwhile
    }
  }

  /** A live segment on the socket: no Worker request, a twentieth of an object's (ADR 009). */
  private async takeSegment(ws: WebSocket, frame: ArrayBuffer) {
    const read = readSegmentFrame(frame);
    if (!read.ok) return this.refuse(ws, "bad_report", read.reason);
    const { epoch, seq, duration } = read.header;
    const stored = checkSegment(read.segment).ok
      ? await this.addSegment(epoch, seq, duration, read.segment.slice().buffer)
      : ({ ok: false, code: "not_mpeg_ts" } as const);
    const code = stored.ok ? "stored" : stored.code;
    try {
      ws.send(JSON.stringify({ type: "segment", epoch, seq, code } satisfies Command));
    } catch {
      // gone meanwhile: the box sends it again by PUT
    }
  }

  private readReport(ws: WebSocket, message: string | ArrayBuffer): Report | null {
    if (typeof message !== "string") {
      this.refuse(ws, "bad_report", "a report is JSON text");
      return null;
    }
    // Refused unread: a character is at least one byte.
    if (
      message.length > MAX_REPORT_BYTES ||
      new TextEncoder().encode(message).byteLength > MAX_REPORT_BYTES
    ) {
      this.refuse(ws, "too_large", `a report is at most ${MAX_REPORT_BYTES} bytes`);
      return null;
    }
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      this.refuse(ws, "bad_report", "not JSON");
      return null;
    }
    const report = reportSchema.safeParse(json);
    if (report.success) return report.data;
    const issues = report.error.issues;
    const unknown = issues.some((i) => i.code === "invalid_union" && i.path.join(".") === "type");
    const message_ = issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    this.refuse(ws, unknown ? "unknown_report" : "bad_report", message_.slice(0, 1000));
    return null;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const now = Date.now();
    const socket = { ...this.socketOf(ws), heardAt: now };
    ws.serializeAttachment(socket);
    if (message instanceof ArrayBuffer) return this.takeSegment(ws, message);
    const report = this.readReport(ws, message);
    if (!report) return;
    const state = this.state;
    const running = state.phase === "starting" || state.phase === "live";
    const sql = this.ctx.storage.sql;
    switch (report.type) {
      case "camera":
        await this.cameraSaid(ws, socket, report.reachable, now);
        break;
      case "hello": {
        const protocol = report.protocol ?? 1;
        // A box restarted mid-stream lost its ffmpeg; one still starting waits for `cameraSaid`.
        if (state.phase === "live" && report.epoch !== state.epoch) {
          this.fail(state, "box restarted");
        }
        // Before protocol 3 a box said only that its camera did not answer.
        const camera = report.camera === undefined ? true : report.camera;
        await this.cameraSaid(ws, { ...socket, protocol }, camera, now);
        break;
      }
      case "failed":
        if (running && report.epoch === state.epoch) {
          console.warn(`camera-stream: box failed: ${report.reason}`);
          this.fail(state, "box reported a failure");
        }
        break;
      case "health": {
        const before = this.health;
        const skewSeconds = Math.round((now - Date.parse(report.at)) / 1000);
        const kept = { report, receivedAt: now, skewSeconds };
        for (const change of healthChanges(before, kept)) {
          recordEvent(sql, change.kind, change.detail, now);
        }
        this.ctx.storage.kv.put(HEALTH_KEY, {
          ...kept,
          previous: before?.report ?? null,
        } satisfies StoredHealth);
        await this.checkAlerts(now, true);
        break;
      }
      case "event":
        recordEvent(sql, report.kind, report.detail, Date.parse(report.at));
        break;
    }
    await this.scheduleAlarm();
  }

  private async cameraSaid(
    ws: WebSocket,
    socket: BoxSocket,
    reachable: boolean | null,
    now: number,
  ) {
    ws.serializeAttachment({ ...socket, reachable });
    if (reachable === false && socket.reachable !== false) {
      recordEvent(this.ctx.storage.sql, "camera_lost", null, now);
      console.warn("camera-stream: the box cannot reach its camera");
    }
    if (reachable === true && socket.reachable === false) {
      recordEvent(this.ctx.storage.sql, "camera_back", null, now);
    }
    // A running stream fails on its own (its segments stop); one waiting for the camera starts.
    const state = this.state;
    if (reachable && state.phase === "starting" && this.streamingBox) {
      this.startBox(state.epoch, now, true);
    }
    if (this.notePresence(now)) await this.checkAlerts(now);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string) {
    // Sessions survive a short drop: the stall deadline decides whether the stream failed.
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
    await this.lostSocket(`${code} ${reason}`.trim());
  }

  override async webSocketError() {
    await this.lostSocket("error");
  }

  // Only the last connection's end is news, once the box has not come back within the grace.
  private async lostSocket(detail: string, at = Date.now()) {
    if (this.box || this.dropped) return;
    this.ctx.storage.kv.put(DROPPED_KEY, { at, detail } satisfies Dropped);
    await this.scheduleAlarm();
  }

  private heardFrom(box: WebSocket): number {
    const ping = this.ctx.getWebSocketAutoResponseTimestamp(box)?.getTime() ?? 0;
    return Math.max(this.socketOf(box).heardAt, ping);
  }

  private async closeSilentBox(now: number) {
    const box = this.box;
    if (!box) return;
    const heard = this.heardFrom(box);
    if (now - heard < SILENT_MS) return;
    box.close(4001, "no sign of life");
    await this.lostSocket(`silent for ${Math.round((now - heard) / 1000)} s`, heard);
    if (this.endDrop(now)) await this.checkAlerts(now);
  }

  private checkAlerts(now: number, reportArrived = false): Promise<void> {
    const run = () =>
      this.decideAndMail(now, reportArrived).catch((error) => {
        // D1 away: never the box's connection or the stream's alarm; tried again later.
        console.error("camera-stream: the alerts could not be checked", error);
        const stored = this.ctx.storage.kv.get<StoredAlerts>(ALERTS_KEY);
        const memory = stored?.memory ?? noAlertsYet;
        this.ctx.storage.kv.put(ALERTS_KEY, { memory, wakeAt: now + MAIL_RETRY_MS });
      });
    this.alerting = this.alerting.then(run);
    return this.alerting;
  }

  private async decideAndMail(now: number, reportArrived: boolean) {
    const db = getDb(this.env.DB);
    const timelapseDay = addDays(lakeDate(now), -1);
    const [facts, settings] = await Promise.all([
      cameraFacts(db, timelapseDay),
      readCameraAlertSettings(db),
    ]);
    const stored = this.ctx.storage.kv.get<StoredAlerts>(ALERTS_KEY);
    const presence = this.presence;
    const health = this.health;
    const newestStillAt = facts.newestStill?.takenAt.getTime() ?? null;
    const decision = decideAlerts(
      stored?.memory ?? noAlertsYet,
      {
        presence,
        newestStillAt,
        health: health && {
          latest: health.report,
          previous: health.previous,
          arrived: reportArrived,
        },
        timelapseArrived: facts.timelapse !== null,
        switches: settings.switches,
        offlineAfterMs: this.config.CAMERA_OFFLINE_ALERT_MINUTES * MINUTE_MS,
      },
      now,
    );
    let { memory, wakeAt } = decision;
    const locale = settings.ownerLocale;
    const still = facts.newestStill;
    // The mail's code (mimetext and its CommonJS helpers) loads only when a mail goes out.
    if (decision.mails.length > 0) {
      const mail = await import("#app/.server/camera/alert-mail.ts");
      for (const kind of decision.mails) {
        const film = health?.report.film;
        const raw = mail.composeAlertMail(this.config, locale, {
          kind,
          now,
          outageSince: memory.outage?.since ?? null,
          why: presence.online ? null : presence.why,
          newestStillAt,
          timelapseDay,
          timelapseState: film?.day === timelapseDay ? film.state : null,
          health: health?.report ?? null,
          cameraPageUrl: mail.cameraPageUrl(this.config, locale),
          newestStillUrl: still
            ? new URL(
                archiveHref(localizePath("/archive", locale), {
                  at: lakeWallClock(still.slot.getTime()),
                }),
                this.config.SITE_URL,
              ).href
            : null,
        });
        try {
          await mail.sendAlertMail(this.env, this.config, raw);
          memory = markSent(memory, kind, now);
          recordEvent(this.ctx.storage.sql, "alert_sent", kind, now);
        } catch {
          // The error could quote an address: say only that it failed.
          console.error(`camera-stream: the ${kind} alert could not be sent`);
          recordEvent(this.ctx.storage.sql, "alert_failed", kind, now);
          wakeAt = Math.min(wakeAt ?? Number.POSITIVE_INFINITY, now + MAIL_RETRY_MS);
        }
      }
    }
    this.ctx.storage.kv.put(ALERTS_KEY, { memory, wakeAt } satisfies StoredAlerts);
  }

  override async alarm() {
    const now = Date.now();
    await this.closeSilentBox(now);
    const changed = this.endDrop(now) || this.notePresence(now);
    const alertsWakeAt = this.ctx.storage.kv.get<StoredAlerts>(ALERTS_KEY)?.wakeAt ?? null;
    if (changed || alertsWakeAt === null || now >= alertsWakeAt) await this.checkAlerts(now);
    let state = this.state;
    if (state.phase === "starting" && now >= state.phaseSince + this.startTimeoutMs) {
      state = this.fail(state, "no segment in time");
    } else if (state.phase === "live" && now >= state.lastSegmentAt + STALL_MS) {
      state = this.fail(state, "segments stopped");
    }
    if (state.phase !== "idle" && this.watchedUntil(now) <= now) {
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
    const now = Date.now();
    const state = this.state;
    const watchedUntil = this.watchedUntil(now);
    const box = this.box;
    const socket = box && this.socketOf(box);
    const dropped = this.dropped;
    const takeovers = this.recentTakeovers(now);
    const deadlines = [
      watchedUntil > now ? watchedUntil : null,
      state.stopAt,
      state.phase === "starting" ? state.phaseSince + this.startTimeoutMs : null,
      state.phase === "live"
        ? Math.ceil((state.lastSegmentAt + STALL_MS) / STALL_GRID_MS) * STALL_GRID_MS
        : null,
      // Without sessions, a running or failed stream still has to be wound down.
      state.phase !== "idle" && watchedUntil <= now && state.stopAt === null ? now : null,
      this.ctx.storage.kv.get<StoredAlerts>(ALERTS_KEY)?.wakeAt ?? null,
      box ? this.heardFrom(box) + SILENCE_CHECK_MS : null,
      // Once past, the box's silence has decided (`cameraState`); a past deadline reruns at once.
      socket?.reachable === null && now < socket.connectedAt + DECIDING_MS
        ? socket.connectedAt + DECIDING_MS
        : null,
      dropped ? dropped.at + RECONNECT_GRACE_MS : null,
      // Contested until the oldest of the takeovers that make it so is old enough.
      takeovers.length >= CONTESTED_TAKEOVERS
        ? (takeovers.at(-CONTESTED_TAKEOVERS) ?? now) + CONTESTED_WINDOW_MS
        : null,
    ].filter((t): t is number => t !== null);
    if (deadlines.length === 0) await this.ctx.storage.deleteAlarm();
    else {
      const next = Math.min(...deadlines);
      if ((await this.ctx.storage.getAlarm()) !== next) await this.ctx.storage.setAlarm(next);
    }
  }

  /** Old epochs' segments are never served again; R2 lists and deletes at most 1000 at a time. */
  private deleteEpoch(epoch: number) {
    if (epoch === 0) return;
    this.ctx.waitUntil(
      (async () => {
        const bucket = this.env.PUBLIC_MEDIA;
        let listed = await bucket.list({ prefix: epochPrefix(epoch) });
        while (listed.objects.length > 0) {
          await bucket.delete(listed.objects.map((o) => o.key));
          if (!listed.truncated) break;
          listed = await bucket.list({ prefix: epochPrefix(epoch), cursor: listed.cursor });
        }
      })(),
    );
  }
}
