export const PACKET = 188;
const SYNC = 0x47;
const PAT_PID = 0x0000;
const PAT_TABLE = 0x00;
const PMT_TABLE = 0x02;
/** MPEG-1, MPEG-2, H.264 and H.265 video: what the box's ffmpeg could send a player. */
const VIDEO_STREAM_TYPES = new Set([0x01, 0x02, 0x1b, 0x24]);

export type SegmentCheck = { ok: true } | { ok: false; reason: string };

export type Packet = {
  pid: number;
  unitStart: boolean;
  /** The adaptation field's random_access_indicator: ffmpeg sets it where a keyframe starts. */
  randomAccess: boolean;
  payload: Uint8Array;
};

/** One packet's header and payload; null when its header or adaptation field cannot be true. */
export function readPacket(bytes: Uint8Array, offset: number): Packet | null {
  const end = offset + PACKET;
  const [b1 = 0, b2 = 0, b3 = 0] = bytes.subarray(offset + 1, offset + 4);
  if (b1 & 0x80) return null; // transport_error_indicator: damaged on the way
  const control = (b3 >> 4) & 0b11;
  if (control === 0) return null; // reserved
  let start = offset + 4;
  const adaptation = control & 0b10 ? (bytes[start] ?? 0) : 0;
  const randomAccess = adaptation > 0 && ((bytes[start + 1] ?? 0) & 0x40) !== 0;
  if (control & 0b10) start += 1 + adaptation;
  if (start > end) return null;
  const payload = control & 0b01 ? bytes.subarray(start, end) : new Uint8Array();
  return { pid: ((b1 & 0x1f) << 8) | b2, unitStart: (b1 & 0x40) !== 0, randomAccess, payload };
}

/** The section's body (past the 8-byte header, before the CRC); null if it does not fit its packet. */
function sectionBody(packet: Packet, table: number): Uint8Array | null {
  if (!packet.unitStart) return null;
  const pointer = packet.payload[0] ?? 0;
  const section = packet.payload.subarray(1 + pointer);
  if (section.length < 12 || section[0] !== table || !((section[1] ?? 0) & 0x80)) return null;
  const length = (((section[1] ?? 0) & 0x0f) << 8) | (section[2] ?? 0);
  if (length < 9 || 3 + length > section.length) return null;
  return section.subarray(8, 3 + length - 4);
}

const pidAt = (bytes: Uint8Array, at: number) =>
  (((bytes[at] ?? 0) & 0x1f) << 8) | (bytes[at + 1] ?? 0);

/** The program map PIDs a PAT names (program 0 is the network PID, not a program). */
function programMapPids(body: Uint8Array): number[] {
  const pids: number[] = [];
  for (let at = 0; at + 4 <= body.length; at += 4) {
    const program = ((body[at] ?? 0) << 8) | (body[at + 1] ?? 0);
    if (program !== 0) pids.push(pidAt(body, at + 2));
  }
  return pids;
}

function videoPids(body: Uint8Array): number[] {
  const pids: number[] = [];
  const programInfo = (((body[2] ?? 0) & 0x0f) << 8) | (body[3] ?? 0);
  for (let at = 4 + programInfo; at + 5 <= body.length; ) {
    if (VIDEO_STREAM_TYPES.has(body[at] ?? 0)) pids.push(pidAt(body, at + 1));
    at += 5 + ((((body[at + 3] ?? 0) & 0x0f) << 8) | (body[at + 4] ?? 0));
  }
  return pids;
}

const startsVideoPes = (payload: Uint8Array) =>
  payload[0] === 0 && payload[1] === 0 && payload[2] === 1 && ((payload[3] ?? 0) & 0xf0) === 0xe0;

export type PacketKind = "pat" | "pmt" | "video-start" | "other";

export class ProgramTables {
  private readonly mapPids = new Set<number>();
  readonly videoPids = new Set<number>();

  see(packet: Packet): PacketKind {
    if (packet.pid === PAT_PID) {
      const body = sectionBody(packet, PAT_TABLE);
      for (const pid of body ? programMapPids(body) : []) this.mapPids.add(pid);
      return "pat";
    }
    if (this.mapPids.has(packet.pid)) {
      const body = sectionBody(packet, PMT_TABLE);
      for (const pid of body ? videoPids(body) : []) this.videoPids.add(pid);
      return "pmt";
    }
    const video = this.videoPids.has(packet.pid);
    return video && packet.unitStart && startsVideoPes(packet.payload) ? "video-start" : "other";
  }

  get hasProgram(): boolean {
    return this.mapPids.size > 0;
  }
}

export function pesSeconds(payload: Uint8Array): number | null {
  if (((payload[7] ?? 0) & 0x80) === 0) return null;
  const b = (i: number) => payload[9 + i] ?? 0;
  const ticks =
    ((b(0) >> 1) & 0x07) * 2 ** 30 +
    b(1) * 2 ** 22 +
    (b(2) >> 1) * 2 ** 15 +
    b(3) * 2 ** 7 +
    (b(4) >> 1);
  return ticks / 90_000;
}

/** A player can start with it: whole packets, then PAT, its PMT with video, and a video PES, in this order. */
export function checkSegment(bytes: Uint8Array): SegmentCheck {
  if (bytes.length === 0 || bytes.length % PACKET !== 0) {
    return { ok: false, reason: "not a whole number of 188-byte packets" };
  }
  const tables = new ProgramTables();
  let videoData = false;
  for (let offset = 0; offset < bytes.length; offset += PACKET) {
    const index = offset / PACKET;
    if (bytes[offset] !== SYNC) return { ok: false, reason: `packet ${index} has no sync byte` };
    const packet = readPacket(bytes, offset);
    if (!packet) return { ok: false, reason: `packet ${index} is malformed` };
    if (tables.see(packet) === "video-start") videoData = true;
  }
  if (videoData) return { ok: true };
  if (!tables.hasProgram) return { ok: false, reason: "no program table (PAT)" };
  if (tables.videoPids.size === 0) {
    return { ok: false, reason: "no program map (PMT) with a video stream" };
  }
  return { ok: false, reason: "no video data (PES) after the program map" };
}
