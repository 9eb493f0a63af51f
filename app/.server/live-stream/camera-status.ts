import type { RequestScope } from "#app/.server/context.ts";
import { type Answer, askBriefly } from "./object-answers.ts";

export type CameraStatus = { online: boolean; live: boolean };

/** Whether the box is connected and streaming, as the camera object said at most 2 s ago here. */
export async function askCameraStatus(
  { env, config }: Pick<RequestScope, "env" | "config">,
  url: string,
): Promise<Answer<CameraStatus>> {
  const { value, source } = await askBriefly(
    url,
    "status",
    () => env.CAMERA_STREAM.getByName(config.CAMERA_DEVICE_ID).status(),
    () => true,
  );
  return { value: { online: value.online, live: value.phase === "live" }, source };
}

/** For a page: its status rides along, so the panel needs no request of its own on load. */
export async function cameraStatus(
  scope: Pick<RequestScope, "env" | "config">,
  url: string,
): Promise<CameraStatus | null> {
  try {
    return (await askCameraStatus(scope, url)).value;
  } catch (error) {
    console.error("camera: status unavailable", error);
    return null;
  }
}
