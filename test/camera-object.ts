import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CameraStream } from "#workers/durable-objects/camera-stream.ts";
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
export const connectBox = () =>
  connectAt({ timestamp: Math.floor(Date.now() / 1000) + ++connections });
