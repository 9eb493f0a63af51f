import { z } from "zod";

/**
 * 2 since health reports (ADR 021), 3 since `hello.camera`, 4 since live segments on the socket
 * (protocol/segment-frame.ts); a box that says nothing speaks 1.
 */
export const BOX_PROTOCOL = 4;

export const refusalCodes = ["bad_report", "unknown_report", "too_large"] as const;

/** Worker → box. `start` is repeated with the same epoch to extend the run (idempotent). */
export const commandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    epoch: z.number().int().positive(),
    runSeconds: z.number().int().positive(),
    /** The Worker takes segments on this socket (ADR 009); older Workers only by PUT. */
    segmentsOnSocket: z.boolean().optional(),
  }),
  /** A segment sent on the socket: stored, or the code a PUT of it would have had. */
  z.object({
    type: z.literal("segment"),
    epoch: z.number().int().positive(),
    seq: z.number().int().nonnegative(),
    code: z.enum(["stored", "duplicate_segment", "wrong_epoch", "not_mpeg_ts"]),
  }),
  z.object({ type: z.literal("stop"), epoch: z.number().int().nonnegative() }),
  /** A report the Worker did not take, and why: nothing of it was kept. */
  z.object({ type: z.literal("refused"), code: z.enum(refusalCodes), message: z.string() }),
]);
export type Command = z.infer<typeof commandSchema>;

const instant = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

const filmStates = ["uploaded", "rendered", "failed", "no_frames"] as const;
export type FilmState = (typeof filmStates)[number];

/** Every few minutes and on change; a field added later is optional here, for older boxes. */
export const healthReportSchema = z.object({
  type: z.literal("health"),
  at: instant,
  software: z.string().max(80),
  uptimeSeconds: count,
  disk: z.object({
    freeMiB: z.number().nonnegative(),
    totalMiB: z.number().nonnegative(),
    minFreeMiB: count,
    capturePaused: z.boolean(),
  }),
  lastFrameAt: instant.nullable(),
  lastStillAt: instant.nullable(),
  stillsWaiting: count,
  restarts24h: z.object({ camera: count, capture: count, live: count }),
  camera: z.object({
    answering: z.boolean(),
    since: instant,
    keyframeSeconds: z.number().positive().max(60).nullable(),
  }),
  film: z.object({ day: z.iso.date(), state: z.enum(filmStates) }).nullable(),
  /** Null where the system does not say (no thermal zone, no vcgencmd). */
  cpuTempC: z.number().min(-50).max(150).nullable(),
  power: z
    .object({
      underVoltage: z.boolean(),
      throttled: z.boolean(),
      underVoltageOccurred: z.boolean(),
      throttledOccurred: z.boolean(),
    })
    .nullable(),
  clockSynced: z.boolean().nullable(),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

const boxEventKinds = [
  "camera_gap",
  "restart",
  "capture_paused",
  "capture_resumed",
  "spool_dropped",
] as const;
export type BoxEventKind = (typeof boxEventKinds)[number];

const eventReportSchema = z.object({
  type: z.literal("event"),
  kind: z.enum(boxEventKinds),
  at: instant,
  detail: z.string().max(200),
});
export type EventReport = z.infer<typeof eventReportSchema>;

export const reportSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("hello"),
    version: z.string().max(40),
    epoch: z.number().int().positive().nullable(),
    protocol: z.number().int().positive().optional(),
    /** null: not known yet (a `camera` report follows); absent before protocol 3: answering. */
    camera: z.boolean().nullable().optional(),
  }),
  z.object({
    type: z.literal("failed"),
    epoch: z.number().int().positive(),
    reason: z.string().max(200),
  }),
  z.object({ type: z.literal("camera"), reachable: z.boolean() }),
  healthReportSchema,
  eventReportSchema,
]);
/** A report's text above this is refused unread. */
export const MAX_REPORT_BYTES = 8 * 1024;
export type Report = z.infer<typeof reportSchema>;

/** Sent as plain text both ways; answered by the runtime without waking the object. */
export const PING = "ping";
export const PONG = "pong";

const SEGMENT_NAME = /^(\d{1,9})\.ts$/;

export const segmentParams = z
  .object({ epoch: z.coerce.number().int().positive(), name: z.string().regex(SEGMENT_NAME) })
  .transform(({ epoch, name }) => ({ epoch, seq: Number(SEGMENT_NAME.exec(name)?.[1]) }));
export const MAX_SEGMENT_BYTES = 4 * 1024 * 1024;
export const MAX_STILL_BYTES = 1024 * 1024;
