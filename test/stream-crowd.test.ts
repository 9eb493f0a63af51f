import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import type { StreamSession } from "#app/features/live-stream/live-stream-api.ts";
import type { CameraStream } from "#workers/durable-objects/camera-stream.ts";
import { uploadSegment } from "./box.ts";
import { camera, connectBox, freshCamera, graceRunsOut } from "./camera-object.ts";
import { answeredBeforeItsWork, BROWSER_UA, visitWith } from "./helpers.ts";

/** Every call the Worker makes on the camera object, by method: the binding's boundary. */
function countedCamera(calls: string[]): Env["CAMERA_STREAM"] {
  const namespace = env.CAMERA_STREAM;
  return new Proxy(namespace, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = Reflect.apply(value, target, args);
        if (property !== "getByName") return result;
        return new Proxy(result as object, {
          get(stub, method) {
            const call: unknown = Reflect.get(stub, method, stub);
            if (typeof call !== "function" || method === "then") return call;
            return (...callArgs: unknown[]) => {
              calls.push(String(method));
              return Reflect.apply(call, stub, callArgs);
            };
          },
        });
      };
    },
  });
}

const calls: string[] = [];
// The isolate's coalescing as in production: the other worker tests tell the object at once.
const crowdEnv = { ...env, STREAM_WATCH_SECONDS: "1", CAMERA_STREAM: countedCamera(calls) } as Env;

// Each from a network of its own, as a crowd comes: the rate limit is not what is tested.
const startSession = (viewer: number) =>
  visitWith(crowdEnv, "/api/stream/sessions", BROWSER_UA, {
    method: "POST",
    headers: { "CF-Connecting-IP": `10.${viewer >> 8}.${viewer & 255}.7` },
  });

test("200 viewers starting at once reach the camera object a few times, and each gets the live stream", async () => {
  await freshCamera();
  const box = await connectBox();

  const from = Date.now();
  const started = await Promise.all(Array.from({ length: 200 }, (_, i) => startSession(i)));
  const seconds = (Date.now() - from) / 1000;
  expect(started.map((response) => response.status)).toEqual(Array(200).fill(201));
  const sessions = await Promise.all(started.map((response) => response.json<StreamSession>()));
  // The minute and the 20 s stop grace from the first session's whole-second end, as the object
  // counts them when told, however long a busy machine took to tell it.
  const start = (await box.next()) as { type: string; epoch: number; runSeconds: number };
  expect(start).toMatchObject({ type: "start", epoch: 1 });
  expect(start.runSeconds).toBeGreaterThanOrEqual(80 - Math.ceil(seconds) - 1);
  expect(start.runSeconds).toBeLessThanOrEqual(80);
  // One call starts the stream; after it, at most one a second carries the rest together,
  // however long a busy machine takes to start the 200 (about 2 s when idle: 3 calls).
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.length).toBeLessThanOrEqual(2 + Math.ceil(seconds));
  expect(new Set(calls)).toEqual(new Set(["watch"]));
  // Nothing is kept per viewer: the object stores the stream, not its sessions.
  await runInDurableObject(camera(), (_instance: CameraStream, state) => {
    const tables = state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((row) => row.name);
    expect(tables).not.toContain("sessions");
    const stream = state.storage.kv.get<{ watchedUntil: number }>("stream");
    const lastEnd = Math.max(...sessions.map((session) => Date.parse(session.expiresAt)));
    expect(stream?.watchedUntil).toBeGreaterThanOrEqual(lastEnd);
  });

  expect((await uploadSegment(1, "0.ts")).status).toBe(201);
  const playlists = await Promise.all(
    sessions.map((session) => visitWith(crowdEnv, session.playlistUrl)),
  );
  expect(playlists.map((response) => response.status)).toEqual(Array(200).fill(200));
  for (const playlist of playlists) expect(await playlist.text()).toMatch(/\/media\/live\/1\/0-/);
});

test("a new session is refused within two seconds of the object knowing the box is gone", async () => {
  await freshCamera();
  const box = await connectBox();
  expect((await startSession(1000)).status).toBe(201);
  box.socket.close();
  await graceRunsOut();
  const offline = Date.now();
  let viewer = 1001;
  await expect
    .poll(async () => (await startSession(viewer++)).status, { timeout: 3_000, interval: 100 })
    .toBe(503);
  expect(Date.now() - offline).toBeLessThan(2_500);
});

test("viewers who leave before their isolate told the object of them do not keep the stream running", async () => {
  await freshCamera();
  const box = await connectBox();
  // The isolate may still hold a view of the last test's offline camera for a second or two.
  let viewer = 3000;
  let first = await startSession(viewer);
  const startedOnline = async () => {
    first = await startSession(++viewer);
    return first.status;
  };
  await expect.poll(startedOnline, { timeout: 5_000 }).toBe(201);
  expect(await box.next()).toMatchObject({ type: "start", epoch: 1 });
  calls.length = 0;
  // Within the isolate's second: the object hears of these two a second later, in work the
  // isolate does after answering them.
  const later = await Promise.all(
    [viewer + 1, viewer + 2].map((n) =>
      answeredBeforeItsWork(crowdEnv, "/api/stream/sessions", BROWSER_UA, {
        method: "POST",
        headers: { "CF-Connecting-IP": `10.${n >> 8}.${n & 255}.7` },
      }),
    ),
  );
  const sessions = await Promise.all(
    [first, ...later.map(({ response }) => response)].map((r) => r.json<StreamSession>()),
  );
  for (const [index, { token }] of sessions.entries()) {
    const left = await visitWith(
      crowdEnv,
      `/api/stream/session?token=${encodeURIComponent(token)}`,
      BROWSER_UA,
      { method: "DELETE", headers: { "CF-Connecting-IP": `10.11.12.${index}` } },
    );
    expect(left.status).toBe(204);
  }
  await Promise.all(later.map(({ done }) => done));
  // That word came after they had left.
  expect(calls).toEqual(["endSession", "endSession", "endSession", "watch"]);
  // Nobody watches: the stream runs out its stop grace, not the leavers' minute.
  const lastEnd = Math.max(...sessions.map((session) => Date.parse(session.expiresAt)));
  await runInDurableObject(camera(), (_instance: CameraStream, state) => {
    const stream = state.storage.kv.get<{ watchedUntil: number }>("stream");
    expect(stream?.watchedUntil).toBeLessThan(lastEnd);
  });
});
