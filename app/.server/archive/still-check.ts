// The still becomes the public placeholder: a whole JPEG of a plausible size, not bytes that start like one.
import { type JpegFrame, jpegFrame } from "#app/.server/files/jpeg.ts";

const STILL_LIMITS = {
  minWidth: 320,
  minHeight: 180,
  maxWidth: 4096,
  maxHeight: 4096,
  /** A flat grey 480p frame is about 2.6 kB; below this there is no picture. */
  minBytes: 1024,
};

export type StillCheck =
  | { ok: true; frame: JpegFrame }
  | { ok: false; code: "not_jpeg" | "implausible_still" };

export function checkStill(bytes: Uint8Array): StillCheck {
  const frame = jpegFrame(bytes);
  if (!frame) return { ok: false, code: "not_jpeg" };
  const { minWidth, minHeight, maxWidth, maxHeight, minBytes } = STILL_LIMITS;
  const plausible =
    bytes.length >= minBytes &&
    frame.width >= minWidth &&
    frame.width <= maxWidth &&
    frame.height >= minHeight &&
    frame.height <= maxHeight;
  return plausible ? { ok: true, frame } : { ok: false, code: "implausible_still" };
}
