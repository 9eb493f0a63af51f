import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { createStreamToken } from "#app/.server/live-stream/stream-token.ts";
import type { StillPicture } from "#app/features/archive/archive-api.ts";
import type { StreamSession } from "#app/features/live-stream/live-stream-api.ts";
import { MAX_SEGMENT_BYTES } from "#protocol/camera-box.ts";
import { type SegmentHeader, segmentFrame } from "#protocol/segment-frame.ts";
import { MAX_STILL_REQUEST_BYTES } from "#protocol/still-upload.ts";
import type { CameraStream } from "#workers/durable-objects/camera-stream.ts";
import {
  connectBox,
  countedBody,
  DEVICE_ID,
  jpegStill,
  signedHeaders,
  tsSegment,
  uploadSegment,
  uploadStill,
} from "./box.ts";
import { atFreshRateLimitWindow, livePicture, ORIGIN, visit } from "./helpers.ts";

const camera = () => env.CAMERA_STREAM.getByName(DEVICE_ID);

type Session = StreamSession;

let clients = 0;
async function startSession(ip = `198.51.100.${++clients}`) {
  return visit("/api/stream/sessions", { method: "POST", headers: { "CF-Connecting-IP": ip } });
}

async function sessionOf(response: Response) {
  expect(response.status).toBe(201);
  return response.json<Session>();
}

async function sessionState(token: string) {
  const response = await visit(`/api/stream/session?token=${encodeURIComponent(token)}`);
  return response.json<{ state: string; online: boolean }>();
}

/** Resolves once `count` panels wait in the object for their session to settle. */
async function panelsWaiting(count: number) {
  const waiting = (instance: CameraStream) =>
    // biome-ignore lint/complexity/useLiteralKeys: the object's own list, private to it.
    instance["waiting"].size;
  await expect.poll(() => runInDurableObject(camera(), waiting)).toBe(count);
}

async function expireAndRunAlarm(what: "sessions" | "start" | "grace") {
  await runInDurableObject(camera(), (_instance: CameraStream, state) => {
    const stream = state.storage.kv.get<Record<string, unknown>>("stream");
    if (what === "sessions") state.storage.kv.put("stream", { ...stream, watchedUntil: 1 });
    if (what === "start") state.storage.kv.put("stream", { ...stream, phaseSince: 1 });
    if (what === "grace") state.storage.kv.put("stream", { ...stream, stopAt: 1 });
  });
  // The viewers' minute is over: the object wakes knowing only what it stored.
  if (what === "sessions") await evictDurableObject(camera());
  expect(await runDurableObjectAlarm(camera())).toBe(true);
}

const secret = "test-session-secret-that-is-long-enough";
/** The token of a session whose minute ended `ago` ms ago (its token's ten seconds still run). */
const endedToken = (ago: number) =>
  createStreamToken(secret, crypto.randomUUID(), Date.now() - ago);

async function cameraStill() {
  const status = await (await visit("/api/stream/status")).json<{ still: StillPicture | null }>();
  return status.still;
}

const errorCode = async (response: Response) =>
  (await response.json<{ error: { code: string } }>()).error.code;

beforeEach(async () => {
  // Storage is per file, not per test: give every test a fresh camera object.
  await runInDurableObject(camera(), async (_instance: CameraStream, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  await evictDurableObject(camera(), { webSockets: "close" });
  const leftovers = await env.PUBLIC_MEDIA.list({ prefix: "live/" });
  await env.PUBLIC_MEDIA.delete(leftovers.objects.map((o) => o.key));
  // A location keeps the object's answers for a second: not into the next test's stream.
  const cache = await caches.open("stream-object");
  await Promise.all(
    ["live.m3u8", "status"].map((name) => cache.delete(`${ORIGIN}/api/stream/${name}`)),
  );
});

/**
 * The box is told to run the session's minute and the stop grace; a session ends on a whole
 * second, so the object, told within that second, may count one second less.
 */
function expectStartFor(command: unknown, seconds: number) {
  expect(command).toMatchObject({ type: "start", epoch: 1 });
  expect([seconds - 1, seconds]).toContain((command as { runSeconds: number }).runSeconds);
}

describe("camera box offline", () => {
  test("sessions are refused with camera_offline and the status says offline", async () => {
    const response = await startSession();
    expect(response.status).toBe(503);
    expect(await errorCode(response)).toBe("camera_offline");
    const status = await visit("/api/stream/status");
    expect(status.headers.get("Cache-Control")).toBe("no-store");
    expect(await status.json()).toMatchObject({ online: false, live: false });
  });

  test("a box whose camera does not answer is offline until the camera answers again", async () => {
    const box = await connectBox();
    box.socket.send(JSON.stringify({ type: "camera", reachable: false }));
    await vi.waitFor(async () => {
      const refused = await startSession();
      expect(refused.status).toBe(503);
      expect(await errorCode(refused)).toBe("camera_offline");
    });
    expect(await (await visit("/api/stream/status")).json()).toMatchObject({ online: false });
    expect(box.received).toEqual([]);

    box.socket.send(JSON.stringify({ type: "camera", reachable: true }));
    await vi.waitFor(async () => expect((await startSession()).status).toBe(201));
    expect(await box.next()).toMatchObject({ type: "start", epoch: 1 });
  });

  test("two boxes that keep taking the connection from each other are offline until one stops", async () => {
    // A restart replaces the box's own connection: still online.
    const second = () => Math.floor(Date.now() / 1000);
    await connectBox();
    await connectBox({ timestamp: second() + 1 });
    expect((await startSession()).status).toBe(201);

    // Two more takeovers within two minutes: two boxes fighting, neither could stream.
    await connectBox({ timestamp: second() + 2 });
    const last = await connectBox({ timestamp: second() + 3 });
    const refused = await startSession();
    expect([refused.status, await errorCode(refused)]).toEqual([503, "camera_offline"]);
    expect(last.received).toEqual([]);

    // Once the takeovers are two minutes old, the box left connected streams again.
    await runInDurableObject(camera(), (_instance: CameraStream, state) => {
      const takeovers = state.storage.kv.get<number[]>("takeovers") ?? [];
      state.storage.kv.put(
        "takeovers",
        takeovers.map((at) => at - 2 * 60_000),
      );
    });
    expect((await startSession()).status).toBe(201);
    expect(await last.next()).toMatchObject({ type: "start" });
  });
});

describe("the camera's status in the page", () => {
  test("the home page and the embed say whether the camera is online, from the answer the status API shares", async () => {
    const pages = ["/en", "/en/embed"];
    for (const page of pages) {
      const offline = await (await visit(page)).text();
      expect(offline, page).toContain(">OFFLINE<");
      expect(offline, page).toContain("The camera is offline right now.");
    }
    await connectBox();
    await vi.waitFor(async () =>
      expect(await (await visit("/api/stream/status")).json()).toMatchObject({ online: true }),
    );
    for (const page of pages) {
      const online = await (await visit(page)).text();
      expect(online, page).not.toContain(">OFFLINE<");
      expect(online, page).not.toContain("The camera is offline right now.");
    }
  });
});

describe("stream sessions", () => {
  test("the first session starts the box, segments make it live, viewers share one stream", async () => {
    const box = await connectBox();
    expect(await (await visit("/api/stream/status")).json()).toMatchObject({ online: true });

    const first = await sessionOf(await startSession());
    expect(first.durationSeconds).toBe(60);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(55_000);
    expectStartFor(await box.next(), 80);
    expect(await sessionState(first.token)).toEqual({ state: "starting", online: true });

    const notYet = await visit(first.playlistUrl);
    expect(notYet.status).toBe(503);

    expect((await uploadSegment(1, "0.ts")).status).toBe(201);
    expect((await uploadSegment(1, "1.ts", tsSegment(5), { duration: "1.960" })).status).toBe(201);
    expect(await sessionState(first.token)).toEqual({ state: "live", online: true });

    // A second viewer joins the running stream: same epoch, the box's deadline already covers it.
    const second = await sessionOf(await startSession());

    // Each answer names the segments of its minute (+ 10 s), from the newest the Worker knew of,
    // at the names the object gave them: browsers build their playlists without the Worker.
    expect(first.segments).toMatchObject({ first: 0, edge: 0, seconds: 2 });
    expect(first.segments.urls).toHaveLength(4 + 70 / 2);
    expect(second.segments).toMatchObject({ first: 1, edge: 0, seconds: 2 });
    expect(second.segments.urls).toHaveLength(1 + 70 / 2);
    expect(second.segments.urls[0]).toBe(first.segments.urls[1]);
    const landed = await visit(first.segments.urls[1] ?? "");
    expect(new Uint8Array(await landed.arrayBuffer())).toEqual(tsSegment(5));
    expect((await visit(first.segments.urls[2] ?? "", { method: "HEAD" })).status).toBe(404);

    for (const viewer of [first, second]) {
      const playlist = await visit(viewer.playlistUrl);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get("Content-Type")).toBe("application/vnd.apple.mpegurl");
      expect(playlist.headers.get("Cache-Control")).toBe("no-cache");
      const text = await playlist.text();
      expect(text).toMatch(
        new RegExp(
          [
            "^#EXTM3U",
            "#EXT-X-VERSION:3",
            "#EXT-X-TARGETDURATION:2",
            "#EXT-X-MEDIA-SEQUENCE:0",
            "#EXTINF:2\\.000,",
            "/media/live/1/0-[0-9a-f]{32}\\.ts",
            "#EXTINF:1\\.960,",
            "/media/live/1/1-[0-9a-f]{32}\\.ts",
            "$",
          ].join("\n"),
        ),
      );
      // The segment is public at its random name: no session token, cached everywhere.
      expect(text).toContain(`\n${first.segments.urls[0]}\n`);
      const segment = await visit(text.split("\n")[7] ?? "");
      expect(segment.status).toBe(200);
      expect(segment.headers.get("Content-Type")).toBe("video/mp2t");
      expect(segment.headers.get("Cache-Control")).toBe("public, max-age=86400, immutable");
      expect(new Uint8Array(await segment.arrayBuffer())).toEqual(tsSegment(5));
    }
    expect(box.received).toHaveLength(1);
  });

  test("the box sends its segments on the control socket, no Worker request each: answered there, served like an upload", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    expect(await box.next()).toMatchObject({ type: "start", epoch: 1, segmentsOnSocket: true });
    const send = (header: SegmentHeader, segment = tsSegment()) => {
      box.socket.send(segmentFrame(header, segment));
      return box.next();
    };
    const answer = (seq: number, code: string, epoch = 1) => ({
      type: "segment",
      epoch,
      seq,
      code,
    });
    expect(await send({ epoch: 1, seq: 0, duration: 2 })).toEqual(answer(0, "stored"));
    expect(await sessionState(viewer.token)).toEqual({ state: "live", online: true });
    // Sent again after a lost answer; not a transport stream; another stream's.
    expect(await send({ epoch: 1, seq: 0, duration: 2 })).toEqual(answer(0, "duplicate_segment"));
    expect(await send({ epoch: 1, seq: 1, duration: 2 }, new Uint8Array(188))).toEqual(
      answer(1, "not_mpeg_ts"),
    );
    expect(await send({ epoch: 9, seq: 1, duration: 2 })).toEqual(answer(1, "wrong_epoch", 9));
    box.socket.send(new Uint8Array([0, 0, 0]));
    expect(await box.next()).toMatchObject({ type: "refused", code: "bad_report" });

    const playlist = await (await visit(viewer.playlistUrl)).text();
    const url = /\/media\/live\/1\/0-\S+/.exec(playlist)?.[0] ?? "";
    expect(new Uint8Array(await (await visit(url)).arrayBuffer())).toEqual(tsSegment());
    expect(playlist).not.toMatch(/\/media\/live\/1\/1-/);
  });

  test("viewers who come later lengthen the box's run, not once per viewer", async () => {
    const box = await connectBox();
    await sessionOf(await startSession());
    expectStartFor(await box.next(), 80);
    // Viewers ten seconds later: the box is told once to run ten seconds longer.
    await camera().watch([[Date.now() + 70_000, 3]]);
    expect(await box.next()).toEqual({
      type: "start",
      epoch: 1,
      runSeconds: 90,
      segmentsOnSocket: true,
    });
    await camera().watch([[Date.now() + 71_000, 5]]);
    expect(box.received).toHaveLength(2);
  });

  test("viewers share the object's playlist and status per location; the playlist follows the live edge", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    await uploadSegment(1, "0.ts");
    const source = async () => (await visit(viewer.playlistUrl)).headers.get("X-Object-Answer");
    expect(await source()).toBe("object");
    // The object answered once; the viewers after it, within a second, get the cached copy.
    await vi.waitFor(async () => expect(await source()).toBe("cache"));
    const status = async () => (await visit("/api/stream/status")).headers.get("X-Object-Answer");
    expect(await status()).toBe("object");
    await vi.waitFor(async () => expect(await status()).toBe("cache"));
    await uploadSegment(1, "1.ts", tsSegment(5));
    await vi.waitFor(
      async () =>
        expect(await (await visit(viewer.playlistUrl)).text()).toMatch(/\/media\/live\/1\/1-/),
      { timeout: 3_000, interval: 200 },
    );
  });

  test("segments 2 s apart do not each write the object's state (Free plan's rows, ADR 009)", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    for (const name of ["0.ts", "1.ts", "2.ts"]) {
      expect((await uploadSegment(1, name)).status).toBe(201);
    }
    const stored = await runInDurableObject(camera(), (_instance: CameraStream, state) => ({
      segments: state.storage.kv.get<{ segments: unknown[] }>("stream")?.segments.length,
      alarm: state.storage.getAlarm(),
    }));
    // Stored when it went live; the two after it are the object's to tell, not yet stored.
    expect(stored.segments).toBe(1);
    expect(await (await visit(viewer.playlistUrl)).text()).toMatch(/\/media\/live\/1\/2-/);
    expect((await stored.alarm) ?? 0).toBeGreaterThanOrEqual(Date.now());
  });

  test("sessions end with their alarm; the box is stopped after the grace, old segments go", async () => {
    const box = await connectBox();
    await sessionOf(await startSession());
    await box.next();
    await uploadSegment(1, "0.ts");

    await expireAndRunAlarm("sessions");
    expect(await sessionState(await endedToken(1000))).toMatchObject({ state: "ended" });
    expect(box.received).toHaveLength(1); // still within the grace: a quick return is instant

    await expireAndRunAlarm("grace");
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });
    await expect
      .poll(async () => (await env.PUBLIC_MEDIA.list({ prefix: "live/1/" })).objects)
      .toEqual([]);

    // The next visitor gets a new epoch: a restarted stream never lists the old one's segments.
    await startSession();
    expect(await box.next()).toMatchObject({ type: "start", epoch: 2 });
    expect((await uploadSegment(1, "1.ts")).status).toBe(409);
  });

  test("a visitor who presses stop ends their session early", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    const ended = await visit(`/api/stream/session?token=${encodeURIComponent(viewer.token)}`, {
      method: "DELETE",
    });
    expect(ended.status).toBe(204);
    expect(await sessionState(viewer.token)).toMatchObject({ state: "ended" });
    expect(await runDurableObjectAlarm(camera())).toBe(true); // starts the stop grace
    await expireAndRunAlarm("grace");
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });
  });

  test("a box that delivers nothing in time fails the session and is told to stop", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    await expireAndRunAlarm("start");
    expect(await sessionState(viewer.token)).toMatchObject({ state: "failed" });
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });

    await startSession();
    expect(await box.next()).toMatchObject({ type: "start", epoch: 2 });
  });

  test("a waiting panel learns the moment the first segment lands, and joiners that it is live", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    expect(viewer.live).toBe(false);
    await box.next();
    const asked = Date.now();
    const settled = visit(`/api/stream/session?token=${viewer.token}&wait=settled`);
    await panelsWaiting(1);
    await uploadSegment(1, "0.ts");
    expect(await (await settled).json()).toEqual({ state: "live", online: true });
    // Answered by the segment, not by the 10 s wait running out.
    expect(Date.now() - asked).toBeLessThan(5_000);
    const joiner = await sessionOf(await startSession());
    expect(joiner.live).toBe(true);
  });

  test("a waiting panel learns at once that the box failed", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    const settled = visit(`/api/stream/session?token=${viewer.token}&wait=settled`);
    await panelsWaiting(1);
    box.socket.send(JSON.stringify({ type: "failed", epoch: 1, reason: "camera unplugged" }));
    expect(await (await settled).json()).toMatchObject({ state: "failed" });
  });

  test("a newcomer is never handed a stream whose segments stopped: it fails and another starts", async () => {
    const box = await connectBox();
    await sessionOf(await startSession());
    expect(await box.next()).toMatchObject({ type: "start", epoch: 1 });
    await uploadSegment(1, "0.ts");
    // Its newest segment landed 6 s ago; the object's own stall check (8 s) has not run yet.
    await runInDurableObject(camera(), (_instance: CameraStream, state) => {
      const stream = state.storage.kv.get<Record<string, unknown>>("stream");
      state.storage.kv.put("stream", { ...stream, lastSegmentAt: Date.now() - 6_000 });
    });
    await evictDurableObject(camera());

    const newcomer = await sessionOf(await startSession());
    expect(newcomer.live).toBe(false);
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });
    expect(await box.next()).toMatchObject({ type: "start", epoch: 2 });
  });

  test("a box that restarts mid-stream fails the session instead of mixing two streams", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    await uploadSegment(1, "0.ts");
    // A signature is single-use: the restarted box signs at a later second.
    const restarted = await connectBox({ timestamp: Math.floor(Date.now() / 1000) + 1 });
    restarted.socket.send(JSON.stringify({ type: "hello", version: "test", epoch: null }));
    await expect.poll(async () => (await sessionState(viewer.token)).state).toBe("failed");
    expect(box.received).toHaveLength(1);
  });

  test("a box that restarts a stream's numbering fails it instead of freezing its playlist", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    for (const name of ["0.ts", "1.ts", "2.ts"]) {
      expect((await uploadSegment(1, name)).status).toBe(201);
    }
    // The box ended the stream on its own deadline; a later start named the same epoch.
    const again = await uploadSegment(1, "0.ts", tsSegment(5));
    expect([again.status, await errorCode(again)]).toEqual([409, "wrong_epoch"]);
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });
    expect(await sessionState(viewer.token)).toMatchObject({ state: "failed" });
    const playlist = await visit(viewer.playlistUrl);
    expect(playlist.status).toBe(503);
    // The next session starts a new epoch.
    await startSession();
    expect(await box.next()).toMatchObject({ type: "start", epoch: 2 });
  });

  test("sessions and the box's socket survive the object being evicted", async () => {
    const box = await connectBox();
    const viewer = await sessionOf(await startSession());
    await box.next();
    await uploadSegment(1, "0.ts");
    await evictDurableObject(camera());
    expect(await sessionState(viewer.token)).toEqual({ state: "live", online: true });
    expect((await uploadSegment(1, "1.ts")).status).toBe(201);
    await expireAndRunAlarm("sessions");
    await expireAndRunAlarm("grace");
    expect(await box.next()).toEqual({ type: "stop", epoch: 1 });
  });

  test("one client may start at most ten sessions a minute", async () => {
    await atFreshRateLimitWindow();
    await connectBox();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await startSession("203.0.113.50")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  }, 40_000); // it may first wait up to 20 s for a fresh rate-limit minute
});

describe("viewer tokens", () => {
  test("the playlist needs a valid, unexpired session token", async () => {
    const expired = await createStreamToken(secret, "old", Date.now() - 60_000);
    const forged = await createStreamToken("x".repeat(40), "forged", Date.now() + 60_000);
    expect((await visit("/api/stream/s//live.m3u8")).status).toBe(404);
    expect((await visit(`/api/stream/s/${forged}/live.m3u8`)).status).toBe(401);
    const late = await visit(`/api/stream/s/${expired}/live.m3u8`);
    expect(late.status).toBe(403);
    expect(await errorCode(late)).toBe("session_expired");
  });
});

describe("ended sessions", () => {
  async function liveViewers() {
    const box = await connectBox();
    const first = await sessionOf(await startSession());
    const second = await sessionOf(await startSession());
    await box.next();
    expect((await uploadSegment(1, "0.ts")).status).toBe(201);
    return [first, second] as const;
  }
  const newestSegment = async (viewer: Session) =>
    (await (await visit(viewer.playlistUrl)).text()).trim().split("\n").at(-1) ?? "";

  test("a token without an expiry opens nothing", async () => {
    const [viewer] = await liveViewers();
    const { sub } = decodeJwt(viewer.token);
    const timeless = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("stream")
      .setSubject(sub ?? "")
      .sign(new TextEncoder().encode(secret));
    expect((await visit(viewer.playlistUrl)).status).toBe(200);
    const response = await visit(`/api/stream/s/${timeless}/live.m3u8`);
    expect([response.status, await errorCode(response)]).toEqual([401, "invalid_token"]);
    const state = await visit(`/api/stream/session?token=${timeless}`);
    expect(state.status).toBe(401);
  });

  test("a session ended with DELETE gets no Worker playlist again, so it never learns a newer segment", async () => {
    const [stopped, watching] = await liveViewers();
    const seen = await newestSegment(stopped);
    const ended = await visit(`/api/stream/session?token=${encodeURIComponent(stopped.token)}`, {
      method: "DELETE",
    });
    expect(ended.status).toBe(204);
    expect((await uploadSegment(1, "1.ts", tsSegment(5))).status).toBe(201);

    // Within the session's minute, and long before its token's own expiry.
    const refused = await visit(stopped.playlistUrl);
    expect([refused.status, await errorCode(refused)]).toEqual([403, "session_ended"]);
    // The other viewer watches on, to a segment whose name the stopped one never saw.
    const next = await newestSegment(watching);
    expect(next).toMatch(/\/media\/live\/1\/1-[0-9a-f]{32}\.ts$/);
    expect(new Uint8Array(await (await visit(next)).arrayBuffer())).toEqual(tsSegment(5));
    // Nor can it work the name out from the one it saw.
    expect((await visit(seen.replace("/0-", "/1-"))).status).toBe(404);
  });
});

describe("box authentication and bad uploads", () => {
  async function startedStream() {
    const box = await connectBox();
    await startSession();
    await box.next();
    return box;
  }
  const stored = async () => (await env.PUBLIC_MEDIA.list({ prefix: "live/" })).objects.length;

  test("unsigned, foreign, forged, stale and replayed requests get a 4xx and store nothing", async () => {
    await startedStream();
    const body = tsSegment();
    const path = "/api/ingest/segments/1/0.ts";
    const send = (headers: Record<string, string>) =>
      visit(path, { method: "PUT", body, headers: { ...headers, "X-Segment-Duration": "2" } });

    const unsigned = await send({});
    expect(unsigned.status).toBe(403);
    expect(await errorCode(unsigned)).toBe("unknown_device");
    const foreign = await send(await signedHeaders("PUT", path, body, { deviceId: "other-cam" }));
    expect(foreign.status).toBe(403);
    const forged = await send(await signedHeaders("PUT", path, body, { secret: "w".repeat(40) }));
    expect([forged.status, await errorCode(forged)]).toEqual([401, "bad_signature"]);
    const stale = await send(
      await signedHeaders("PUT", path, body, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    );
    expect([stale.status, await errorCode(stale)]).toEqual([401, "stale_timestamp"]);
    const otherBody = await send(await signedHeaders("PUT", path, tsSegment(9)));
    expect([otherBody.status, await errorCode(otherBody)]).toEqual([401, "bad_signature"]);
    expect(await stored()).toBe(0);

    const headers = await signedHeaders("PUT", path, body);
    expect((await send(headers)).status).toBe(201);
    const replay = await send(headers);
    expect([replay.status, await errorCode(replay)]).toEqual([401, "replayed_request"]);
  });

  test("wrong epoch, bad names, oversized and non-MPEG-TS segments are refused", async () => {
    await startedStream();
    const wrongEpoch = await uploadSegment(7, "0.ts");
    expect([wrongEpoch.status, await errorCode(wrongEpoch)]).toEqual([409, "wrong_epoch"]);
    for (const name of ["x.ts", "0.m3u8", "..%2F0.ts", "1234567890.ts"]) {
      const response = await uploadSegment(1, name);
      expect(response.status, name).toBe(400);
    }
    const notTs = await uploadSegment(1, "0.ts", new TextEncoder().encode("<html>".repeat(94)));
    expect([notTs.status, await errorCode(notTs)]).toEqual([415, "not_mpeg_ts"]);
    const huge = await uploadSegment(1, "0.ts", tsSegment(Math.ceil((4 * 1024 * 1024) / 188) + 1));
    expect(huge.status).toBe(413);
    const badDuration = await uploadSegment(1, "0.ts", tsSegment(7), { duration: "60" });
    expect(badDuration.status).toBe(400);
    expect(await stored()).toBe(0);
    expect((await uploadSegment(1, "0.ts")).status).toBe(201);
    expect((await uploadSegment(1, "0.ts", tsSegment(6))).status).toBe(409);
  });

  test("a segment must be a whole transport stream with its tables and video, or nothing is stored", async () => {
    await startedStream();
    const segment = tsSegment(6);
    const syncBytesOnly = new Uint8Array(188 * 6);
    for (let i = 0; i < 6; i++) syncBytesOnly[i * 188] = 0x47;
    const refusals = [
      [syncBytesOnly, "packet 0 is malformed"],
      [segment.slice(0, -100), "not a whole number of 188-byte packets"],
      [segment.slice(2 * 188), "no program table (PAT)"],
      [segment.slice(0, 2 * 188), "no video data (PES) after the program map"],
    ] as const;
    for (const [body, reason] of refusals) {
      const response = await uploadSegment(1, "0.ts", body);
      expect(response.status, reason).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: "not_mpeg_ts", message: `Not a whole MPEG-TS segment: ${reason}` },
      });
    }
    expect(await stored()).toBe(0);
    expect((await uploadSegment(1, "0.ts", segment)).status).toBe(201);
  });

  test("the control socket needs a signature too", async () => {
    await expect(connectBox({ secret: "v".repeat(40) })).rejects.toThrow(/401/);
    await expect(connectBox({ deviceId: "other-cam" })).rejects.toThrow(/403/);
  });

  test("the box's still becomes the live panel's picture, in the home page and the camera's status", async () => {
    expect(await cameraStill()).toBeNull();
    expect(livePicture(await (await visit("/en")).text())).toBeNull();
    expect((await visit("/api/stills/newest.jpg")).status).toBe(404);
    const jpeg = jpegStill();
    expect((await uploadStill(jpeg)).status).toBe(201);
    const still = await cameraStill();
    expect(Date.now() - Date.parse(still?.takenAt ?? "")).toBeLessThan(10_000);
    const picture = await visit(still?.url ?? "");
    expect(picture.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(jpeg);
    // Without versions, asking for one gives the still; asking for no such version is refused.
    for (const version of ["small", "medium"]) {
      const asked = await visit(`/api/stills/newest.jpg?version=${version}`);
      expect(new Uint8Array(await asked.arrayBuffer()), version).toEqual(jpeg);
    }
    const wrong = await visit("/api/stills/newest.jpg?version=poster");
    expect([wrong.status, await errorCode(wrong)]).toEqual([400, "bad_version"]);
    // Only "newest" or a still's id, as a JPEG, names a still.
    for (const name of ["latest.jpg", "newest.png", "00000000-0000-4000-8000-000000000000.jpg"]) {
      const none = await visit(`/api/stills/${name}`);
      expect([none.status, await errorCode(none)], name).toEqual([404, "no_still"]);
    }
    // A plain JPEG from an older box has no smaller versions to offer.
    expect(livePicture(await (await visit("/en")).text())).toEqual({
      src: still?.url,
      srcset: undefined,
      sizes: "(min-width: 86rem) 84rem, calc(100vw - 2rem)",
      fetchpriority: "high",
    });
  });

  test("a still must be one whole JPEG of plausible size and dimensions, or nothing is stored", async () => {
    // Signed, and starting like a JPEG: the 204-byte non-image that once became the still.
    const fake = new Uint8Array(204);
    fake.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
    const whole = jpegStill();
    const refusals = [
      [fake, 415, "not_jpeg"],
      [new TextEncoder().encode("not a jpeg"), 415, "not_jpeg"],
      [whole.slice(0, -2), 415, "not_jpeg"],
      [Uint8Array.of(...whole, 0x3c, 0x73, 0x76, 0x67, 0x3e), 415, "not_jpeg"],
      [jpegStill({ width: 160, height: 90 }), 422, "implausible_still"],
      [jpegStill({ width: 8192, height: 480 }), 422, "implausible_still"],
      [jpegStill({ bytes: 600 }), 422, "implausible_still"],
    ] as const;
    const stored = async () => (await env.MEDIA.list({ prefix: "stills/" })).objects.length;
    const [objects, still] = [await stored(), await cameraStill()];
    for (const [body, status, code] of refusals) {
      const response = await uploadStill(body);
      expect(response.status, code).toBe(status);
      expect(await errorCode(response)).toBe(code);
    }
    expect(await stored()).toBe(objects);
    expect(await cameraStill()).toEqual(still);
  });
});

describe("box upload bodies", () => {
  const putStreamed = (path: string, body: ReadableStream, headers: Record<string, string>) =>
    exports.default.fetch(`${ORIGIN}${path}`, {
      method: "PUT",
      body,
      headers,
      duplex: "half",
    } as RequestInit);
  // workerd reads a little ahead of the Worker; "unread" means no more than that.
  const READ_AHEAD = 512 * 1024;
  const segmentPath = "/api/ingest/segments/1/0.ts";

  test("a stranger's upload is refused from its headers alone, before its body is read", async () => {
    await connectBox();
    await startSession();
    const cases = [
      [{ deviceId: "other-cam" }, 403, "unknown_device"],
      [{ timestamp: Math.floor(Date.now() / 1000) - 301 }, 401, "stale_timestamp"],
      // The device id is no secret: without the key the signature fails before any reading.
      [{ secret: "not-the-camera-device-secret" }, 401, "bad_signature"],
    ] as const;
    for (const [signing, status, code] of cases) {
      const body = countedBody(64 * 1024 * 1024);
      const headers = await signedHeaders("PUT", segmentPath, new Uint8Array(), signing);
      // It even claims to be small.
      const response = await putStreamed(segmentPath, body.stream, {
        ...headers,
        "Content-Length": "1000",
        "X-Segment-Duration": "2",
      });
      expect([response.status, await errorCode(response)]).toEqual([status, code]);
      expect(body.pulled()).toBeLessThanOrEqual(READ_AHEAD);
    }
    expect(await env.PUBLIC_MEDIA.list({ prefix: "live/" })).toMatchObject({ objects: [] });
  });

  test("each route reads at most its own limit, whatever Content-Length says", async () => {
    await connectBox();
    await startSession();
    for (const [path, limit] of [
      [segmentPath, MAX_SEGMENT_BYTES],
      ["/api/ingest/still", MAX_STILL_REQUEST_BYTES],
    ] as const) {
      const body = countedBody(64 * 1024 * 1024);
      const headers = await signedHeaders("PUT", path, new Uint8Array());
      const lying = await putStreamed(path, body.stream, {
        ...headers,
        "Content-Length": "1000",
        "X-Segment-Duration": "2",
      });
      expect([lying.status, await errorCode(lying)], path).toEqual([413, "too_large"]);
      expect(body.pulled(), path).toBeLessThanOrEqual(limit + READ_AHEAD);

      // An honest Content-Length over the limit is refused without reading anything.
      const honest = countedBody(limit + 1);
      const declared = await putStreamed(path, honest.stream, {
        ...headers,
        "Content-Length": String(limit + 1),
        "X-Segment-Duration": "2",
      });
      expect(declared.status, path).toBe(413);
      expect(honest.pulled(), path).toBeLessThanOrEqual(READ_AHEAD);
    }
    expect(await env.PUBLIC_MEDIA.list({ prefix: "live/" })).toMatchObject({ objects: [] });
  });

  test("a forged request does not use up the signature of the box's real one", async () => {
    await connectBox();
    await startSession();
    const body = tsSegment();
    const headers = {
      ...(await signedHeaders("PUT", segmentPath, body)),
      "X-Segment-Duration": "2",
    };
    const forged = await visit(segmentPath, { method: "PUT", body: tsSegment(9), headers });
    expect([forged.status, await errorCode(forged)]).toEqual([401, "bad_signature"]);
    const genuine = await visit(segmentPath, { method: "PUT", body, headers });
    expect(genuine.status).toBe(201);
  });
});
