// The control socket's messages, shared by the Worker and the camera box (ingest/).
import { z } from "zod";

/** Worker → box. `start` is repeated with the same epoch to extend the run (idempotent). */
export const commandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("start"),
    epoch: z.number().int().positive(),
    runSeconds: z.number().int().positive(),
  }),
  z.object({ type: z.literal("stop"), epoch: z.number().int().nonnegative() }),
]);
export type Command = z.infer<typeof commandSchema>;

export const reportSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("hello"),
    version: z.string().max(40),
    epoch: z.number().int().positive().nullable(),
  }),
  z.object({
    type: z.literal("failed"),
    epoch: z.number().int().positive(),
    reason: z.string().max(200),
  }),
  /** Sent when the camera stops or starts answering the box again (the stills tell). */
  z.object({ type: z.literal("camera"), reachable: z.boolean() }),
]);
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
