import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Presence } from "#app/features/camera/camera-overview.ts";
import { type CameraStream, RECONNECT_GRACE_MS } from "#workers/durable-objects/camera-stream.ts";
import { connectBox as connectAt, DEVICE_ID } from "./box.ts";

export const camera = () => env.CAMERA_STREAM.getByName(DEVICE_ID);

/** A camera object with nothing stored and no box: storage is per file, not per test. */
export async function freshCamera() {
  // The last test's box goes first, so no report of it is still being handled.
  await runInDurableObject(camera(), () => undefined);
  await evictDurableObject(camera(), { webSockets: "close" });
  await runInDurableObject(camera(), async (_instance: CameraStream, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  await evictDurableObject(camera(), { webSockets: "close" });
}

// Each connection signed at a second of its own: the same signature twice is a replay.
let connections = 0;
export const connectBox = (hello?: Parameters<typeof connectAt>[1]) =>
  connectAt({ timestamp: Math.floor(Date.now() / 1000) + ++connections }, hello);

/**
 * Resolves once the object has handled the box's connection closing: a socket can be closed before
 * its close event has run, and a drop noted after the grace ran would start a grace of its own.
 */
export const dropSeen = () =>
  expect
    .poll(() =>
      runInDurableObject(
        camera(),
        (_instance: CameraStream, state) =>
          !state.getWebSockets().some((ws) => ws.readyState === WebSocket.OPEN) &&
          state.storage.kv.get("dropped") !== undefined,
      ),
    )
    .toBe(true);

/**
 * The box does not come back: the reconnect grace passes (every time the object keeps moves
 * that far into the past) and the object's alarm runs.
 */
export async function graceRunsOut({ alarm = true } = {}) {
  await dropSeen();
  await runInDurableObject(camera(), (_instance: CameraStream, state) => {
    const kv = state.storage.kv;
    const dropped = kv.get<{ at: number }>("dropped");
    kv.put("dropped", { ...dropped, at: (dropped?.at ?? 0) - RECONNECT_GRACE_MS });
    const presence = kv.get<Presence>("presence");
    if (presence?.since)
      kv.put("presence", { ...presence, since: presence.since - RECONNECT_GRACE_MS });
    state.storage.sql.exec("UPDATE events SET at = at - ?", RECONNECT_GRACE_MS);
  });
  if (alarm) await runDurableObjectAlarm(camera());
}
