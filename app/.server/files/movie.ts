import { readMovie } from "#app/features/uploads/movie-boxes.ts";
import type { Refusal, StoredFile } from "./stored-file.ts";

// HEIF, AVIF, audio, JPEG 2000 and raw files share MP4's container; a <video> plays none.
const NOT_VIDEO_BRANDS = new Set([
  ...["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"],
  ...["M4A ", "M4B ", "M4P ", "jp2 ", "jpm ", "jpx ", "crx "],
]);

/** A phone writes ftyp, wide, mdat and moov, a camera a few more: not a file in fragments. */
const MAX_TOP_BOXES = 64;
/** A 4 GiB phone video's moov (its sample tables) has a few MB. */
const MAX_MOOV_BYTES = 16 * 1024 * 1024;

type Box = { type: string; start: number; headerSize: number; end: number };

const typeAt = (view: DataView, at: number) =>
  String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + at, 4));

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.length);

function boxAt(view: DataView, at: number, room: number): Box | "cut" | "invalid" {
  if (room < 8) return "cut";
  let size = view.getUint32(at);
  let headerSize = 8;
  if (size === 1) {
    if (room < 16) return "cut";
    size = Number(view.getBigUint64(at + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = room; // to the end of the file
  }
  if (size < headerSize) return "invalid";
  if (size > room) return "cut";
  return { type: typeAt(view, at + 4), start: at, headerSize, end: at + size };
}

function childrenOf(view: DataView, parent: Box): Box[] | null {
  const children: Box[] = [];
  for (let at = parent.start + parent.headerSize; at < parent.end; ) {
    const box = boxAt(view, at, parent.end - at);
    if (typeof box === "string") return null;
    children.push(box);
    at = box.end;
  }
  return children;
}

function startsAsVideo(view: DataView): boolean {
  const ftyp = boxAt(view, 0, view.byteLength);
  return (
    typeof ftyp !== "string" &&
    ftyp.type === "ftyp" &&
    ftyp.end >= 16 &&
    !NOT_VIDEO_BRANDS.has(typeAt(view, 8))
  );
}

function isFilm(view: DataView, moov: Box): boolean {
  const tracks = childrenOf(view, moov)?.filter((box) => box.type === "trak") ?? [];
  const handlers = tracks.map((trak) => {
    const mdia = childrenOf(view, trak)?.find((box) => box.type === "mdia");
    const hdlr = mdia && childrenOf(view, mdia)?.find((box) => box.type === "hdlr");
    // Version and flags, QuickTime's component type, then the handler type.
    return hdlr && hdlr.end - hdlr.start >= hdlr.headerSize + 12
      ? typeAt(view, hdlr.start + hdlr.headerSize + 8)
      : null;
  });
  return handlers.includes("vide") && !handlers.includes(null);
}

// Not a real Blob: that would copy megabytes of sample tables twice, more CPU than the rest.
function asBlob(moov: Uint8Array<ArrayBuffer>): Blob {
  const whole = moov.byteOffset === 0 && moov.byteLength === moov.buffer.byteLength;
  const slice = (start = 0, end = moov.length) => ({
    arrayBuffer: async () =>
      whole && start === 0 && end >= moov.length ? moov.buffer : moov.slice(start, end).buffer,
  });
  return { size: moov.length, slice } as unknown as Blob;
}

// The Upload tab's own reader: a location is there when taking it out would change a byte.
async function carriesLocation(moov: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const { patches } = await readMovie(asBlob(moov));
  return patches.some(({ offset, bytes }) => bytes.some((byte, i) => moov[offset + i] !== byte));
}

export async function checkStoredMovie(file: StoredFile): Promise<Refusal | null> {
  if (!startsAsVideo(viewOf(await file.read(0, 32)))) return "unsupported_content";
  let moov: Box | null = null;
  let media = false;
  for (let offset = 0, count = 0; offset < file.size; count++) {
    if (count === MAX_TOP_BOXES) return "unsupported_content";
    const box = boxAt(viewOf(await file.read(offset, 16)), 0, file.size - offset);
    if (box === "cut") return "not_whole";
    if (box === "invalid") return "unsupported_content";
    if (box.type === "moov" && moov) return "unsupported_content";
    if (box.type === "moov") moov = { ...box, start: offset, end: offset + box.end };
    media ||= box.type === "mdat";
    offset += box.end;
  }
  // A camera writes moov last: a file cut before it has none.
  if (!moov || !media) return "not_whole";
  if (moov.end - moov.start > MAX_MOOV_BYTES) return "unsupported_content";
  const bytes = await file.read(moov.start, moov.end - moov.start);
  const box = { ...moov, start: 0, end: bytes.length };
  if (bytes.length !== moov.end - moov.start || !isFilm(viewOf(bytes), box)) {
    return "unsupported_content";
  }
  try {
    return (await carriesLocation(bytes)) ? "location_data" : null;
  } catch {
    return "unsupported_content"; // a metadata box that does not fit its parent
  }
}
