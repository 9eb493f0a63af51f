// The CPU of the upload completion's content check (ADR 013; bench/README.md).
import { checkStoredJpeg, jpegFrame } from "#app/.server/files/jpeg.ts";
import { checkStoredMovie } from "#app/.server/files/movie.ts";
import type { StoredFile } from "#app/.server/files/stored-file.ts";
import { box, concat, exifWithoutGps, jpeg, keyedMeta, segment } from "#test/media-bytes.ts";

const GiB = 1024 ** 3;
const RUNS = 50;

const uint32 = (n: number) => [n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255];
const ascii = (text: string) => new TextEncoder().encode(text);

const table = (type: string, entries: number, bytes = 4) =>
  box(type, [0, 0, 0, 0], uint32(entries), new Uint8Array(entries * bytes));

function track(handler: string, samples: number) {
  const hdlr = box(
    "hdlr",
    new Uint8Array(4),
    new Uint8Array(4),
    ascii(handler),
    new Uint8Array(13),
  );
  const stbl = box(
    "stbl",
    box("stsd", new Uint8Array(120)),
    table("stts", 1, 8),
    table("ctts", handler === "vide" ? samples : 0, 8),
    table("stss", handler === "vide" ? samples / 30 : 0),
    table("stsc", 1, 12),
    box("stsz", [0, 0, 0, 0], uint32(0), uint32(samples), new Uint8Array(samples * 4)),
    table("co64", samples, 8),
  );
  const mdia = box("mdia", box("mdhd", new Uint8Array(24)), hdlr, box("minf", stbl));
  return box("trak", box("tkhd", new Uint8Array(84)), mdia);
}

/** An hour of 1080p at 30 fps with AAC sound: moov of about 3.5 MB. */
function phoneMoov() {
  const stripped = keyedMeta("com.apple.quicktime.location.ISO6709", "\0".repeat(26));
  return box(
    "moov",
    box("mvhd", new Uint8Array(100)),
    track("vide", 108_000),
    track("soun", 168_750),
    box("udta", box("free", new Uint8Array(22))),
    stripped,
  );
}

/** A file of `size` bytes, zeros but for `pieces`, read by range like an R2 object. */
function sparse(size: number, pieces: Array<[number, Uint8Array]>) {
  let reads = 0;
  let bytesRead = 0;
  const file: StoredFile = {
    size,
    async read(offset, length) {
      const end = Math.min(offset + length, size);
      const bytes = new Uint8Array(end - offset);
      for (const [at, piece] of pieces) {
        const from = Math.max(at, offset);
        const to = Math.min(at + piece.length, end);
        if (from < to) bytes.set(piece.subarray(from - at, to - at), from - offset);
      }
      reads += 1;
      bytesRead += bytes.length;
      return bytes;
    },
  };
  return { file, counts: () => ({ reads, bytesRead }) };
}

function video(moovAt: "start" | "end") {
  const ftyp = box("ftyp", ascii("qt  "), uint32(0), ascii("qt  "));
  const moov = phoneMoov();
  const size = 4 * GiB - 4096;
  const media = size - ftyp.length - moov.length;
  // A 64-bit mdat: size 1, the type, then the real size.
  const mdat = concat(
    uint32(1),
    ascii("mdat"),
    uint32(Math.floor(media / 2 ** 32)),
    uint32(media >>> 0),
  );
  const pieces: Array<[number, Uint8Array]> =
    moovAt === "start"
      ? [
          [0, ftyp],
          [ftyp.length, moov],
          [ftyp.length + moov.length, mdat],
        ]
      : [
          [0, ftyp],
          [ftyp.length, mdat],
          [size - moov.length, moov],
        ];
  const moovStart = moovAt === "start" ? ftyp.length : size - moov.length;
  return { ...sparse(size, pieces), moovStart, moovBytes: moov.length };
}

async function cpuPerRun<T>(runs: number, work: () => Promise<T> | T) {
  let result = await work(); // warm
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) result = await work();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000 / runs, result };
}

const rows = [];
for (const moovAt of ["start", "end"] as const) {
  const { file, counts, moovStart, moovBytes } = video(moovAt);
  const { ms, result } = await cpuPerRun(RUNS, () => checkStoredMovie(file));
  const { reads, bytesRead } = counts();
  // Of that, receiving the moov's bytes: what R2's answer stands in for here.
  const receiving = await cpuPerRun(RUNS, () => file.read(moovStart, moovBytes));
  rows.push({
    check: `4 GiB video, moov (${(moovBytes / 1e6).toFixed(1)} MB) at the ${moovAt}`,
    verdict: result ?? "accepted",
    "CPU ms": Number(ms.toFixed(2)),
    "of it receiving the moov": Number(receiving.ms.toFixed(2)),
    "reads per check": reads / (RUNS + 1),
    "kB read per check": Math.round(bytesRead / (RUNS + 1) / 1000),
  });
}

const icc = segment(0xe2, ascii("ICC_PROFILE\0"), new Uint8Array(3144));
const version = jpeg({ bytes: 12 * 1024 * 1024, segments: [exifWithoutGps(), icc] });
const stored = sparse(version.length, [[0, version]]);
const ranged = await cpuPerRun(RUNS, () => checkStoredJpeg(stored.file, { published: true }));
rows.push({
  check: "12 MiB JPEG version, by range",
  verdict: ranged.result ?? "accepted",
  "CPU ms": Number(ranged.ms.toFixed(2)),
  "reads per check": stored.counts().reads / (RUNS + 1),
  "kB read per check": Math.round(stored.counts().bytesRead / (RUNS + 1) / 1000),
});
const scan = await cpuPerRun(5, () => jpegFrame(version));
rows.push({
  check: "12 MiB JPEG, every byte scanned (for comparison)",
  verdict: scan.result ? "whole" : "not whole",
  "CPU ms": Number(scan.ms.toFixed(2)),
  "reads per check": 1,
  "kB read per check": Math.round(version.length / 1000),
});
console.table(rows);
