// MP4 and QuickTime: what a stored video is, from its box tree, read by range.
import { readMovie } from "#app/features/uploads/movie-boxes.ts";
import type { Refusal, StoredFile } from "./stored-file.ts";

/**
 * ISO media's major brands for what is no film: HEIF and AVIF pictures, audio, JPEG 2000 and
 * camera raw files share MP4's container, and a browser's <video> plays none of them.
 */
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

/**
 * The box whose header is at `view[at]`, with `room` bytes to the end of its parent (the
 * file, at the top). "cut" when it runs past that end; "invalid" when no box is that short.
 */
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

/** `parent`'s children, or null unless they fill it exactly. */
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

/** `ftyp` first, with a film's major brand. */
function startsAsVideo(view: DataView): boolean {
  const ftyp = boxAt(view, 0, view.byteLength);
  return (
    typeof ftyp !== "string" &&
    ftyp.type === "ftyp" &&
    ftyp.end >= 16 &&
    !NOT_VIDEO_BRANDS.has(typeAt(view, 8))
  );
}

/** Every track has its media (`mdia`), and one of them is a picture's (handler `vide`). */
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

/**
 * The moov as the Blob `readMovie` reads: its size, and slices read whole. A real Blob would
 * copy megabytes of sample tables twice, more CPU than all of the rest of the check.
 */
function asBlob(moov: Uint8Array<ArrayBuffer>): Blob {
  const whole = moov.byteOffset === 0 && moov.byteLength === moov.buffer.byteLength;
  const slice = (start = 0, end = moov.length) => ({
    arrayBuffer: async () =>
      whole && start === 0 && end >= moov.length ? moov.buffer : moov.slice(start, end).buffer,
  });
  return { size: moov.length, slice } as unknown as Blob;
}

/**
 * The Upload tab's own reading of the location boxes (`©xyz`, `loci`, location keys, in
 * moov, its udta and meta and each track's): the file carries a location when taking them
 * out would change a byte. What the tab took out keeps its key names, with zeroed values.
 */
async function carriesLocation(moov: Uint8Array<ArrayBuffer>): Promise<boolean> {
  const { patches } = await readMovie(asBlob(moov));
  return patches.some(({ offset, bytes }) => bytes.some((byte, i) => moov[offset + i] !== byte));
}

/**
 * A stored MP4/MOV by range: `ftyp` with a film's brand, then boxes that fill the file
 * exactly, among them one `mdat` and one `moov` (at the start or the end) whose tracks have
 * their media, one of them a picture; and no location in the movie's metadata.
 */
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
