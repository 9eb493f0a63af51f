/** Location boxes are overwritten in place while parts are sent: every box keeps its size. */

export type Patch = { offset: number; bytes: Uint8Array<ArrayBuffer> };

export type MovieInfo = {
  patches: Patch[];
  width?: number;
  height?: number;
  durationSeconds?: number;
  createdAt?: number;
};

/** A `moov` larger than this is not a phone's or camera's: leave the file as it is. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const SECONDS_1904_TO_1970 = 2_082_844_800;
const CONTAINERS = new Set(["moov", "trak", "mdia", "udta", "meta", "ilst"]);
const LOCATION_BOXES = new Set(["\u00a9xyz", "loci"]);

type Box = { type: string; start: number; headerSize: number; end: number };

function typeAt(view: DataView, offset: number): string {
  let type = "";
  for (let i = 0; i < 4; i++) type += String.fromCharCode(view.getUint8(offset + i));
  return type;
}

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let headerSize = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(view.getBigUint64(offset + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerSize || offset + size > end) return;
    yield { type: typeAt(view, offset + 4), start: offset, headerSize, end: offset + size };
    offset += size;
  }
}

async function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

async function findMoov(file: Blob): Promise<{ start: number; size: number } | null> {
  let offset = 0;
  while (offset + 8 <= file.size) {
    const head = await bytesOf(file, offset, offset + 16);
    let size = head.getUint32(0);
    if (size === 1 && head.byteLength >= 16) size = Number(head.getBigUint64(8));
    else if (size === 0) size = file.size - offset;
    if (size < 8) return null;
    if (typeAt(head, 4) === "moov") return { start: offset, size };
    offset += size;
  }
  return null;
}

function zeros(length: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(length);
}

/** `meta` is a full box in MP4 (version and flags first) but not in QuickTime. */
function metaChildrenStart(view: DataView, box: Box): number {
  const first = box.start + box.headerSize;
  return typeAt(view, first + 4) === "hdlr" ? first : first + 4;
}

function locationKeys(view: DataView, box: Box): Set<number> {
  const found = new Set<number>();
  let offset = box.start + box.headerSize + 8; // version, flags, entry count
  for (let index = 1; offset + 8 <= box.end; index++) {
    const size = view.getUint32(offset);
    if (size < 8) break;
    let name = "";
    for (let i = offset + 8; i < Math.min(offset + size, box.end); i++) {
      name += String.fromCharCode(view.getUint8(i));
    }
    if (name === "location" || name.startsWith("com.apple.quicktime.location")) found.add(index);
    offset += size;
  }
  return found;
}

export async function readMovie(file: Blob): Promise<MovieInfo> {
  const info: MovieInfo = { patches: [] };
  const moov = await findMoov(file);
  if (!moov || moov.size > MAX_MOOV_BYTES) return info;
  const view = await bytesOf(file, moov.start, moov.start + moov.size);
  let timescale = 0;
  let keys = new Set<number>();

  const overwrite = (start: number, end: number) => {
    if (end > start) info.patches.push({ offset: moov.start + start, bytes: zeros(end - start) });
  };

  const walk = (start: number, end: number, inIlst = false) => {
    for (const box of boxes(view, start, end)) {
      const body = box.start + box.headerSize;
      if (LOCATION_BOXES.has(box.type)) {
        // Renamed to `free` (which every reader skips), its coordinates zeroed.
        const free = new Uint8Array([0x66, 0x72, 0x65, 0x65]);
        info.patches.push({ offset: moov.start + box.start + 4, bytes: free });
        overwrite(body, box.end);
      } else if (box.type === "keys") {
        keys = locationKeys(view, box);
      } else if (box.type === "mvhd") {
        const v1 = view.getUint8(body) === 1;
        const created = v1 ? Number(view.getBigUint64(body + 4)) : view.getUint32(body + 4);
        timescale = view.getUint32(body + (v1 ? 20 : 12));
        const duration = v1 ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16);
        if (timescale > 0) info.durationSeconds = duration / timescale;
        if (created > SECONDS_1904_TO_1970)
          info.createdAt = (created - SECONDS_1904_TO_1970) * 1000;
      } else if (box.type === "tkhd") {
        readTrackSize(view, body, info);
      } else if (box.type === "meta") {
        walk(metaChildrenStart(view, box), box.end);
      } else if (CONTAINERS.has(box.type)) {
        walk(body, box.end, box.type === "ilst");
      } else if (inIlst && keys.has(view.getUint32(box.start + 4))) {
        // An ilst item's type is the index of its key: zero the value of each `data` box.
        for (const data of boxes(view, body, box.end)) {
          if (data.type === "data") overwrite(data.start + data.headerSize + 8, data.end);
        }
      }
    }
  };
  walk(8, view.byteLength);
  return info;
}

function readTrackSize(view: DataView, body: number, info: MovieInfo) {
  const v1 = view.getUint8(body) === 1;
  const matrix = body + 4 + (v1 ? 32 : 20) + 16;
  const width = view.getUint32(matrix + 36) / 65536;
  const height = view.getUint32(matrix + 40) / 65536;
  if (width === 0 || height === 0) return; // an audio track
  const rotated = view.getInt32(matrix) === 0 && view.getInt32(matrix + 16) === 0;
  info.width = Math.round(rotated ? height : width);
  info.height = Math.round(rotated ? width : height);
}

export function patchedSlice(file: Blob, start: number, end: number, patches: Patch[]): Blob {
  const pieces: BlobPart[] = [];
  let at = start;
  const sorted = patches
    .filter((p) => p.offset < end && p.offset + p.bytes.length > start)
    .sort((a, b) => a.offset - b.offset);
  for (const patch of sorted) {
    const from = Math.max(patch.offset, start);
    const to = Math.min(patch.offset + patch.bytes.length, end);
    if (from > at) pieces.push(file.slice(at, from));
    pieces.push(patch.bytes.subarray(from - patch.offset, to - patch.offset));
    at = to;
  }
  if (end > at) pieces.push(file.slice(at, end));
  return new Blob(pieces);
}
