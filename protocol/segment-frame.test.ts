import { expect, test } from "vitest";
import { readSegmentFrame, segmentFrame } from "./segment-frame.ts";

const segment = new Uint8Array([0x47, 1, 2, 3]);

test("a segment and its header come out of a frame as they went in", () => {
  const frame = segmentFrame({ epoch: 3, seq: 12, duration: 2.002 }, segment);
  expect(readSegmentFrame(frame.buffer)).toEqual({
    ok: true,
    header: { epoch: 3, seq: 12, duration: 2.002 },
    segment,
  });
});

test("a frame without a whole header, or with a bad one, says what is wrong", () => {
  expect(readSegmentFrame(new Uint8Array([0, 0]).buffer)).toMatchObject({ ok: false });
  expect(readSegmentFrame(new Uint8Array([0, 0, 0, 90, 1]).buffer)).toMatchObject({ ok: false });
  const text = new TextEncoder().encode("not json");
  const notJson = new Uint8Array([0, 0, 0, text.length, ...text]);
  expect(readSegmentFrame(notJson.buffer)).toEqual({
    ok: false,
    reason: "a segment's header is JSON",
  });
  const badSeq = segmentFrame({ epoch: 3, seq: -1, duration: 2 }, segment);
  expect(readSegmentFrame(badSeq.buffer)).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/^segment header seq: /),
  });
});
