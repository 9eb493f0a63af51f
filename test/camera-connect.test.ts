// A box connecting or reconnecting (issue 34): visitors see the camera as it really is, never a
// flap online → offline → online while the box finds out whether its camera answers.
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeEach, describe, expect, test } from "vitest";
import type { CameraStream } from "#workers/durable-objects/camera-stream.ts";
import { camera, connectBox, dropSeen, freshCamera, graceRunsOut } from "./camera-object.ts";
import { ORIGIN, visit } from "./helpers.ts";

let visitors = 0;
/** What a visitor polling the status sees now (a location caches it for a second: not here). */
async function visitorSees(): Promise<"online" | "offline"> {
  const cache = await caches.open("stream-object");
  await cache.delete(`${ORIGIN}/api/stream/status`);
  const status = await (await visit("/api/stream/status")).json<{ online: boolean }>();
  return status.online ? "online" : "offline";
}

const startSession = () =>
  visit("/api/stream/sessions", {
    method: "POST",
    headers: { "CF-Connecting-IP": `198.51.100.${++visitors}` },
  });

const kinds = async () => (await camera().overview()).events.map((event) => event.kind);

async function onlineBox() {
  const box = await connectBox();
  expect(await visitorSees()).toBe("online");
  return { box, since: (await camera().overview()).presence.since };
}

beforeEach(freshCamera);

describe("a box that connects before its camera has answered", () => {
  test("the camera stays offline until the box says it answers, then is online", async () => {
    const seen = [await visitorSees()];
    const box = await connectBox(null);
    seen.push(await visitorSees());
    box.socket.send(
      JSON.stringify({ type: "hello", version: "1", epoch: null, protocol: 3, camera: null }),
    );
    await expect
      .poll(() =>
        camera()
          .overview()
          .then((o) => o.protocol),
      )
      .toBe(3);
    seen.push(await visitorSees());
    const refused = await startSession();
    expect(refused.status).toBe(503);

    box.socket.send(JSON.stringify({ type: "camera", reachable: true }));
    await expect.poll(visitorSees).toBe("online");
    seen.push(await visitorSees());
    expect(seen).toEqual(["offline", "offline", "offline", "online"]);
    expect((await startSession()).status).toBe(201);
    expect(await box.next()).toMatchObject({ type: "start", epoch: 1 });
  });

  test("a box that restarts while its camera works is online throughout; a visitor's start waits for the camera", async () => {
    const { box, since } = await onlineBox();
    box.socket.close(1000, "restarting");
    await dropSeen();
    const seen = [await visitorSees()];

    const restarted = await connectBox({ camera: null });
    seen.push(await visitorSees());
    const session = await startSession();
    expect(session.status).toBe(201);
    expect(restarted.received).toEqual([]);

    restarted.socket.send(JSON.stringify({ type: "camera", reachable: true }));
    expect(await restarted.next()).toMatchObject({ type: "start", epoch: 1 });
    seen.push(await visitorSees());
    expect(seen).toEqual(["online", "online", "online"]);
    const overview = await camera().overview();
    expect(overview.presence).toEqual({ online: true, since });
    expect(await kinds()).toEqual(["connected", "connected"]);
  });

  test("a camera the box never hears is offline once the box says so, as the camera's fault", async () => {
    await onlineBox();
    const restarted = await connectBox({ camera: null });
    expect(await visitorSees()).toBe("online");
    restarted.socket.send(JSON.stringify({ type: "camera", reachable: false }));
    await expect.poll(visitorSees).toBe("offline");
    expect((await camera().overview()).presence).toMatchObject({ online: false, why: "camera" });
  });
  test("a box that never says whether its camera answers is offline after 20 s, and the object sleeps until its next check", async () => {
    await connectBox({ camera: null });
    await runInDurableObject(camera(), (_instance: CameraStream, state) => {
      const socket = state.getWebSockets().at(-1);
      const kept = socket?.deserializeAttachment() as { connectedAt: number };
      socket?.serializeAttachment({ ...kept, connectedAt: kept.connectedAt - 21_000 });
    });
    await runDurableObjectAlarm(camera());
    expect(await visitorSees()).toBe("offline");
    expect((await camera().overview()).presence).toMatchObject({ online: false, why: "camera" });
    // Not a deadline already past: the runtime would run the alarm again at once, for ever.
    const alarm = await runInDurableObject(camera(), (_instance: CameraStream, state) =>
      state.storage.getAlarm(),
    );
    expect(alarm).toBeGreaterThan(Date.now() + 60_000);
  });
});

describe("a network blip: the box reconnects while its camera keeps answering", () => {
  test("the camera never dips to offline, and the history shows no outage", async () => {
    const { box, since } = await onlineBox();
    box.socket.close(1001, "network gone");
    await dropSeen();
    const seen = [await visitorSees()];
    expect((await startSession()).status).toBe(201);

    const back = await connectBox();
    seen.push(await visitorSees());
    // The session started during the blip reaches the box as soon as it is back.
    expect(await back.next()).toMatchObject({ type: "start", epoch: 1 });
    expect(seen).toEqual(["online", "online"]);
    const overview = await camera().overview();
    expect(overview.presence).toEqual({ online: true, since });
    expect(await kinds()).toEqual(["connected", "connected"]);
    const alerts = await runInDurableObject(camera(), (_instance: CameraStream, state) =>
      state.storage.kv.get<{ memory: { outage: unknown } }>("alerts"),
    );
    expect(alerts?.memory.outage ?? null).toBeNull();
  });

  test("a box that does not come back within the grace is offline since its connection dropped", async () => {
    const { box } = await onlineBox();
    const before = Date.now();
    box.socket.close(1001, "power cut");
    await graceRunsOut();
    expect(await visitorSees()).toBe("offline");
    expect((await startSession()).status).toBe(503);
    const { presence, events } = await camera().overview();
    expect(presence).toMatchObject({ online: false, why: "no_box" });
    expect(presence.since).toBeLessThan(before);
    expect(events.map((event) => [event.kind, event.detail])).toEqual([
      ["disconnected", "1001 power cut"],
      ["connected", null],
    ]);
  });

  test("a box back after the grace, before the object's alarm ran, still leaves the outage in the history", async () => {
    const { box } = await onlineBox();
    box.socket.close(1001, "power cut");
    await graceRunsOut({ alarm: false });
    await connectBox();
    expect(await kinds()).toEqual(["connected", "disconnected", "connected"]);
    expect((await camera().overview()).presence).toMatchObject({ online: true });
  });
});
