import { z } from "zod";
import { MAX_SEGMENT_BYTES } from "./camera-box.ts";

/** A live segment on the control socket (protocol 4, ADR 009): what the PUT's path and header say. */
const segmentHeaderSchema = z.object({
  epoch: z.number().int().positive(),
  seq: z.number().int().nonnegative(),
  duration: z.number().min(0.1).max(10),
});
export type SegmentHeader = z.infer<typeof segmentHeaderSchema>;

const MAX_HEADER_BYTES = 200;

/** One binary message: the header's length (4 bytes, big-endian), the header as JSON, the segment. */
export function segmentFrame(header: SegmentHeader, segment: Uint8Array): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const frame = new Uint8Array(4 + json.length + segment.length);
  new DataView(frame.buffer).setUint32(0, json.length);
  frame.set(json, 4);
  frame.set(segment, 4 + json.length);
  return frame;
}

type ReadFrame =
  | { ok: true; header: SegmentHeader; segment: Uint8Array }
  | { ok: false; reason: string };

export function readSegmentFrame(frame: ArrayBuffer): ReadFrame {
  const length = frame.byteLength >= 4 ? new DataView(frame).getUint32(0) : -1;
  if (length < 0 || length > MAX_HEADER_BYTES || 4 + length > frame.byteLength) {
    return { ok: false, reason: "a segment frame starts with its header's length and header" };
  }
  const segment = new Uint8Array(frame, 4 + length);
  if (segment.length > MAX_SEGMENT_BYTES) {
    return { ok: false, reason: `a segment is at most ${MAX_SEGMENT_BYTES} bytes` };
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(new Uint8Array(frame, 4, length)));
  } catch {
    return { ok: false, reason: "a segment's header is JSON" };
  }
  const header = segmentHeaderSchema.safeParse(json);
  if (!header.success) {
    const issues = header.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    return { ok: false, reason: `segment header ${issues.join("; ")}` };
  }
  return { ok: true, header: header.data, segment };
}
