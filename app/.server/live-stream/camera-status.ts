import type { RequestScope } from "#app/.server/context.ts";

/** Whether the box is connected, as the camera object says; null when it could not be asked. */
export async function cameraOnline({
  env,
  config,
}: Pick<RequestScope, "env" | "config">): Promise<boolean | null> {
  try {
    const { online } = await env.CAMERA_STREAM.getByName(config.CAMERA_DEVICE_ID).status();
    return online;
  } catch (error) {
    console.error("camera: status unavailable", error);
    return null;
  }
}
