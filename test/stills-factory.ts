import { env } from "cloudflare:workers";
import { STILL_TAKEN_AT_HEADER } from "../protocol/daily-content.ts";
import { jpegStill, uploadStill } from "./box";

export type StillRow = {
  id: string;
  slot: number;
  day: string;
  taken_at: number;
  file_key: string;
  weather: string | null;
  best_of: number;
};

export async function stillRows(): Promise<StillRow[]> {
  const { results } = await env.DB.prepare("select * from stills order by slot").all<StillRow>();
  return results;
}

export async function storedKeys(prefix = "stills/"): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix });
  return listed.objects.map((object) => object.key).sort();
}

let variant = 0;

/** A still the box took at `takenAt`, through the real signed route. Each has other bytes. */
export async function sendStill(takenAt: number, options: { bytes?: number } = {}) {
  variant += 1;
  const body = jpegStill({ width: 1920, height: 1080, bytes: (options.bytes ?? 8192) + variant });
  const response = await uploadStill(body, {
    [STILL_TAKEN_AT_HEADER]: new Date(takenAt).toISOString(),
  });
  return { response, body };
}
