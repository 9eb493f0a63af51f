import { SHARE_CARD } from "#protocol/share-card.ts";
import type { Refusal, StoredFile } from "./stored-file.ts";

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;

export type JpegFrame = { width: number; height: number };

// Start-of-frame markers: C0-CF except C4 (DHT), C8 (reserved) and CC (DAC).
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isStandalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

type Walk =
  | {
      ok: true;
      frame: JpegFrame;
      end: number;
      app1: Array<[number, number]>;
    }
  | { ok: false; cut: boolean };

// To "scan", only what a range read of the file's head can check.
function walkJpeg(bytes: Uint8Array, to: "scan" | "end"): Walk {
  const at = (i: number) => bytes[i] ?? -1;
  const uint16 = (i: number) => (at(i) << 8) | at(i + 1);
  const cut = { ok: false, cut: true } as const;
  const invalid = { ok: false, cut: false } as const;
  if (at(0) !== 0xff || (at(1) !== SOI && at(1) !== -1)) return invalid;
  let frame: JpegFrame | null = null;
  let scans = 0;
  const app1: Array<[number, number]> = [];
  let i = 2;
  while (i < bytes.length) {
    if (at(i) !== 0xff) return invalid;
    while (at(i) === 0xff) i++; // fill bytes may precede any marker
    const marker = at(i++);
    if (marker === -1) return cut;
    if (marker === EOI) {
      return to === "end" && frame && scans > 0 ? { ok: true, frame, end: i, app1 } : invalid;
    }
    if (isStandalone(marker)) continue;
    if (marker === SOI) return invalid;
    if (i + 2 > bytes.length) return cut;
    const length = uint16(i);
    if (length < 2) return invalid;
    if (i + length > bytes.length) return cut;
    if (isStartOfFrame(marker)) {
      if (frame || length < 8) return invalid;
      frame = { height: uint16(i + 3), width: uint16(i + 5) };
    }
    if (marker === APP1) app1.push([i + 2, i + length]);
    i += length;
    if (marker === SOS) {
      if (!frame) return invalid;
      if (to === "scan") return { ok: true, frame, end: i, app1 };
      scans += 1;
      // Entropy-coded data runs to the next marker: FF 00 is an escaped FF, FF D0-D7 restarts.
      while (i < bytes.length) {
        const next = at(i + 1);
        if (at(i) === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        i++;
      }
    }
  }
  return cut;
}

export function jpegFrame(bytes: Uint8Array): JpegFrame | null {
  const walk = walkJpeg(bytes, "end");
  return walk.ok && walk.end === bytes.length ? walk.frame : null;
}

export function isShareCard(bytes: Uint8Array): boolean {
  const frame = jpegFrame(bytes);
  const { width, height, maxBytes } = SHARE_CARD;
  return frame?.width === width && frame.height === height && bytes.length <= maxBytes;
}

export function headFrame(bytes: Uint8Array): JpegFrame | null {
  const walk = walkJpeg(bytes, "scan");
  return walk.ok ? walk.frame : null;
}

export const startsAsJpeg = (bytes: Uint8Array) => headFrame(bytes) !== null;

const EXIF = "Exif\0\0";
const XMP = "http://ns.adobe.com/xap/1.0/\0";
/** Extended XMP: its chunks carry a GUID and two lengths (40 bytes) before their text. */
const EXTENDED_XMP = "http://ns.adobe.com/xmp/extension/\0";
const EXTENDED_XMP_HEADER = 40;
const GPS_IFD_POINTER = 0x8825;
/** Coordinates in any namespace (exif:GPSLatitude, drone-dji:GpsLongitude…), IPTC's places. */
const XMP_LOCATION = /gps\w*(?:latitude|longitude)|location(?:created|shown)/i;

function startsWith(bytes: Uint8Array, [start, end]: [number, number], text: string): boolean {
  if (end - start < text.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[start + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** EXIF's first IFD points to a GPS IFD: a place, whatever the camera put in it. */
function exifHasGps(bytes: Uint8Array, [start, end]: [number, number]): boolean {
  const tiff = start + EXIF.length;
  if (end - tiff < 8) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset + tiff, end - tiff);
  const little = view.getUint16(0) === 0x4949; // "II"; "MM" is big-endian
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > view.byteLength) return false;
  const entries = view.getUint16(ifd, little);
  for (let entry = ifd + 2; entry < ifd + 2 + entries * 12; entry += 12) {
    if (entry + 2 > view.byteLength) return false;
    if (view.getUint16(entry, little) === GPS_IFD_POINTER) return true;
  }
  return false;
}

function hasLocation(bytes: Uint8Array, app1: Array<[number, number]>): boolean {
  const decoder = new TextDecoder();
  let xmp = "";
  for (const segment of app1) {
    const [start, end] = segment;
    if (startsWith(bytes, segment, EXIF) && exifHasGps(bytes, segment)) return true;
    if (startsWith(bytes, segment, XMP))
      xmp += decoder.decode(bytes.subarray(start + XMP.length, end));
    if (startsWith(bytes, segment, EXTENDED_XMP)) {
      const text = start + EXTENDED_XMP.length + EXTENDED_XMP_HEADER;
      xmp += decoder.decode(bytes.subarray(Math.min(text, end), end));
    }
  }
  return XMP_LOCATION.test(xmp);
}

/** A browser writes < 1 kB before the scan; a camera's EXIF, ICC profile and preview, ~100 kB. */
const HEAD_READS = [64 * 1024, 1024 * 1024];

// The owner's private original keeps its EXIF and may go on after its EOI (a phone's motion photo).
export async function checkStoredJpeg(
  file: StoredFile,
  { published }: { published: boolean },
): Promise<Refusal | null> {
  let head: Uint8Array = new Uint8Array();
  let walk: Walk = { ok: false, cut: true };
  for (const length of HEAD_READS) {
    head = await file.read(0, length);
    walk = walkJpeg(head, "scan");
    if (walk.ok || !walk.cut || head.length === file.size) break;
  }
  if (!walk.ok) return walk.cut && head.length === file.size ? "not_whole" : "unsupported_content";
  if (!published) return null;
  const tail = walk.end < file.size - 2 ? await file.read(file.size - 2, 2) : new Uint8Array();
  if (tail[0] !== 0xff || tail[1] !== EOI) return "not_whole";
  return hasLocation(head, walk.app1) ? "location_data" : null;
}
