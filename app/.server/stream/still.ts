// The camera box's still becomes the public placeholder picture: it must be a whole JPEG
// of a plausible size, not just bytes that start like one.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

export const STILL_LIMITS = {
  minWidth: 320,
  minHeight: 180,
  maxWidth: 4096,
  maxHeight: 4096,
  /** A flat grey 480p frame is about 2.6 kB; below this there is no picture. */
  minBytes: 1024,
};

export type JpegFrame = { width: number; height: number };

// Start-of-frame markers: C0-CF except C4 (DHT), C8 (reserved) and CC (DAC).
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/** SOI, length-checked segments, a frame header before the first scan, a scan, EOI last. */
export function jpegFrame(bytes: Uint8Array): JpegFrame | null {
  const at = (i: number) => bytes[i] ?? -1;
  const uint16 = (i: number) => (at(i) << 8) | at(i + 1);
  if (at(0) !== 0xff || at(1) !== SOI) return null;
  let frame: JpegFrame | null = null;
  let scans = 0;
  let i = 2;
  while (i < bytes.length) {
    if (at(i) !== 0xff) return null;
    while (at(i) === 0xff) i++; // fill bytes may precede any marker
    const marker = at(i++);
    if (marker === EOI) return i === bytes.length && scans > 0 ? frame : null;
    if (isStandalone(marker)) continue;
    if (marker === SOI || marker === -1) return null;
    const length = uint16(i);
    if (length < 2 || i + length > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (frame || length < 8) return null;
      frame = { height: uint16(i + 3), width: uint16(i + 5) };
    }
    i += length;
    if (marker === SOS) {
      if (!frame) return null;
      scans += 1;
      // Entropy-coded data runs to the next marker: FF 00 is an escaped FF, FF D0-D7 restarts.
      while (i < bytes.length) {
        const next = at(i + 1);
        if (at(i) === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        i++;
      }
    }
  }
  return null;
}

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
