// Whole photos and videos built byte by byte, with the EXIF, XMP and location boxes cameras write.
import type { StoredFile } from "#app/.server/files/stored-file.ts";

type Bytes = Uint8Array | number[];

const latin1 = (text: string) => Array.from(text, (c) => c.charCodeAt(0) & 0xff);

export function concat(...parts: Bytes[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const uint16 = (n: number) => [n >> 8, n & 255];
const uint32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];

export const segment = (marker: number, ...payload: Bytes[]) => {
  const body = concat(...payload);
  return concat([0xff, marker, ...uint16(body.length + 2)], body);
};

/** A whole baseline JPEG of `bytes` bytes; its scan data never holds 0xFF (no false marker). */
export function jpeg({
  width = 1280,
  height = 960,
  bytes = 4096,
  segments = [] as Bytes[],
} = {}): Uint8Array<ArrayBuffer> {
  const frame = segment(
    0xc0,
    [8, ...uint16(height), ...uint16(width), 3],
    [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
  const scan = segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]);
  const head = concat([0xff, 0xd8], ...segments, frame, scan);
  const whole = new Uint8Array(bytes);
  whole.set(head);
  for (let i = head.length; i < bytes - 2; i++) whole[i] = (i * 7) % 255;
  whole.set([0xff, 0xd9], bytes - 2);
  return whole;
}

/** A TIFF IFD: entries of tag, type, count and four bytes of value (or offset); no next IFD. */
const ifd = (...entries: Array<[number, number, number, number[]]>) => [
  ...uint16(entries.length),
  ...entries.flatMap(([tag, type, count, value]) => [
    ...uint16(tag),
    ...uint16(type),
    ...uint32(count),
    ...value,
  ]),
  ...uint32(0),
];

/** EXIF in an APP1 segment: a big-endian TIFF whose first IFD comes right after its header. */
const exif = (...tiff: Bytes[]) =>
  segment(0xe1, latin1("Exif\0\0"), latin1("MM\0*"), uint32(8), ...tiff);

/** EXIF whose first IFD points to a GPS IFD (at 26) with latitude 45° 36′ N (at 56). */
export const exifWithGps = () =>
  exif(
    ifd([0x8825, 4, 1, uint32(26)]),
    ifd([1, 2, 2, latin1("N\0\0\0")], [2, 5, 3, uint32(56)]),
    [45, 1, 36, 1, 6012, 100].flatMap(uint32),
  );

/** EXIF as a phone writes it without a position: the camera's make in the first IFD. */
export const exifWithoutGps = () => exif(ifd([0x010f, 2, 4, latin1("Lux\0")]));

export const xmp = (properties: string) =>
  segment(
    0xe1,
    latin1("http://ns.adobe.com/xap/1.0/\0"),
    latin1(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ${properties}/></rdf:RDF></x:xmpmeta>`,
    ),
  );

/** An ISO media box: 32-bit size, type (latin-1, so `©xyz`), body. */
export const box = (type: string, ...body: Bytes[]) => {
  const inside = concat(...body);
  return concat(uint32(inside.length + 8), latin1(type), inside);
};

const fullBox = (type: string, ...body: Bytes[]) => box(type, [0, 0, 0, 0], ...body);

/** QuickTime's `©xyz` in a udta: ISO 6709, as Android and ffmpeg write it. */
export const xyz = (place = "+45.6167+010.6833/") =>
  box("\u00a9xyz", [...uint16(place.length), 0x15, 0xc7], latin1(place));

/** 3GPP's `loci`: a language, a name, then the coordinates as fixed-point numbers. */
export const loci = () =>
  fullBox(
    "loci",
    [0x15, 0xc7],
    latin1("Malcesine\0"),
    [0],
    ...[10.6833, 45.6167, 67].map((n) => uint32(Math.round(n * 65536))),
    latin1("Earth\0\0"),
  );

/** An mdta `meta` with one key and its value, as iPhones write their location. */
export const keyedMeta = (key: string, value: string) =>
  box(
    "meta",
    fullBox("hdlr", [0, 0, 0, 0], latin1("mdta"), new Array(12).fill(0), [0]),
    fullBox("keys", uint32(1), box("mdta", latin1(key))),
    box("ilst", box("\0\0\0\u0001", box("data", uint32(1), uint32(0), latin1(value)))),
  );

export type MovieOptions = {
  size?: number;
  moovAt?: "start" | "end";
  brand?: string;
  handler?: string;
  moov?: Bytes[];
  track?: Bytes[];
};

/** A movie's boxes: ftyp, then moov (a track with its media) and mdat in `moovAt`'s order. */
export function movieBoxes({
  media,
  moovAt = "start",
  brand = "isom",
  handler = "vide",
  moov = [],
  track = [],
}: Omit<MovieOptions, "size"> & { media: number }) {
  const ftyp = box("ftyp", latin1(brand), uint32(512), latin1(`${brand}mp41`));
  const hdlr = fullBox("hdlr", [0, 0, 0, 0], latin1(handler), new Array(12).fill(0), [0]);
  const movie = box("moov", box("trak", box("mdia", hdlr), ...track), ...moov);
  const mdat = uint32(media + 8).concat(latin1("mdat"));
  return moovAt === "start"
    ? { head: concat(ftyp, movie, mdat), tail: new Uint8Array() }
    : { head: concat(ftyp, mdat), tail: movie };
}

/** A whole movie of `size` bytes (4000 unless told), its media data 0x42. */
export function movie({ size = 4000, ...options }: MovieOptions = {}): Uint8Array<ArrayBuffer> {
  const empty = movieBoxes({ ...options, media: 0 });
  const media = size - empty.head.length - empty.tail.length;
  const { head, tail } = movieBoxes({ ...options, media });
  return concat(head, new Uint8Array(media).fill(0x42), tail);
}

/** A file in memory, read by range as the server reads one from R2 (each read counted). */
export function inMemory(bytes: Uint8Array<ArrayBuffer>) {
  const reads: Array<[number, number]> = [];
  const file: StoredFile = {
    size: bytes.length,
    async read(offset, length) {
      reads.push([offset, length]);
      return bytes.slice(offset, offset + length);
    },
  };
  return { file, reads };
}
