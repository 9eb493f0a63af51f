import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { checkSegment } from "./mpeg-ts.ts";

/**
 * A second segment of the box's encoding at 64×36 (ingest/hls.ts): SDT, PAT, PMT, then H.264.
 * `ffmpeg -f lavfi -i testsrc2=size=64x36:rate=25 -t 1` with ENCODE's codec flags, `-f hls`.
 */
const real = new Uint8Array(readFileSync(`${import.meta.dirname}/fixtures/ffmpeg-segment.mpegts`));
const PACKET = 188;
const packetCount = real.length / PACKET;
const packets = Array.from({ length: real.length / PACKET }, (_, i) =>
  real.subarray(i * PACKET, (i + 1) * PACKET),
);
const pidOf = (packet: Uint8Array) => (((packet[1] ?? 0) & 0x1f) << 8) | (packet[2] ?? 0);
const NULL_PACKET = Uint8Array.of(0x47, 0x1f, 0xff, 0x10, ...new Array(PACKET - 4).fill(0xff));

/** The real segment's packets in another order, or with those of `pid` made null packets. */
const joined = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((packet) => [...packet]));
const withoutPid = (pid: number) =>
  joined(packets.map((packet) => (pidOf(packet) === pid ? NULL_PACKET : packet)));

const reasonOf = (bytes: Uint8Array) => {
  const check = checkSegment(bytes);
  return check.ok ? "accepted" : check.reason;
};

describe("segment content check", () => {
  test("the box's ffmpeg segment is a whole transport stream with video", () => {
    expect(checkSegment(real)).toEqual({ ok: true });
  });

  test("cut, empty or unsynchronised bytes are not a segment", () => {
    expect(reasonOf(new Uint8Array())).toBe("not a whole number of 188-byte packets");
    expect(reasonOf(real.subarray(0, real.length - 100))).toBe(
      "not a whole number of 188-byte packets",
    );
    const lastBroken = real.slice();
    lastBroken[real.length - PACKET] = 0;
    expect(reasonOf(lastBroken)).toBe(`packet ${packetCount - 1} has no sync byte`);
    expect(reasonOf(new TextEncoder().encode("<html>".repeat(94)))).toBe(
      "packet 0 has no sync byte",
    );
  });

  test("sync bytes alone, or a packet whose header cannot be, are refused", () => {
    const syncOnly = new Uint8Array(PACKET * 4);
    for (let i = 0; i < 4; i++) syncOnly[i * PACKET] = 0x47;
    expect(reasonOf(syncOnly)).toBe("packet 0 is malformed");
    const damaged = real.slice();
    damaged[PACKET * 5 + 1] = (damaged[PACKET * 5 + 1] ?? 0) | 0x80;
    expect(reasonOf(damaged)).toBe("packet 5 is malformed");
  });

  test("without its program table, program map or video, a segment cannot be played", () => {
    expect(reasonOf(withoutPid(0x0000))).toBe("no program table (PAT)");
    expect(reasonOf(withoutPid(0x1000))).toBe("no program map (PMT) with a video stream");
    expect(reasonOf(withoutPid(0x0100))).toBe("no video data (PES) after the program map");
    // The PMT lists its one stream as AAC audio instead of H.264.
    const audioOnly = real.slice();
    const pmt = packets.findIndex((packet) => pidOf(packet) === 0x1000);
    const streamType = pmt * PACKET + 4 + 1 + 12;
    expect(audioOnly[streamType]).toBe(0x1b);
    audioOnly[streamType] = 0x0f;
    expect(reasonOf(audioOnly)).toBe("no program map (PMT) with a video stream");
  });

  test("the video must come after the tables that announce it", () => {
    const isTable = (packet: Uint8Array) => [0x0000, 0x1000].includes(pidOf(packet));
    const tablesLast = joined([
      ...packets.filter((packet) => !isTable(packet)),
      ...packets.filter(isTable),
    ]);
    expect(reasonOf(tablesLast)).toBe("no video data (PES) after the program map");
  });
});
