import { expect } from "vitest";
import { sha256Hex } from "#protocol/device-signature.ts";
import { TIMELAPSE_PATHS } from "#protocol/timelapse-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { asBox, jpegStill } from "./box.ts";
import { fileBytes } from "./factories.ts";

const MiB = 1024 * 1024;
export const yesterday = addDays(lakeDate(Date.now()), -1);

/** 17:12 in Rome on the film's day is 16:12 UTC in winter and 15:12 in summer: stay inside. */
export function facts(day = yesterday) {
  return {
    width: 1920,
    height: 1080,
    durationSeconds: 180,
    speed: 150,
    from: new Date(`${day}T09:40:00Z`).toISOString(),
    to: new Date(`${day}T15:12:00Z`).toISOString(),
  };
}

export async function start(film: Uint8Array, day = yesterday) {
  const response = await asBox("POST", TIMELAPSE_PATHS.start, {
    day,
    byteSize: film.byteLength,
    sha256: await sha256Hex(film),
  });
  return { response, body: (await response.json()) as { id: string; doneParts: number[] } };
}

export async function sendParts(id: string, film: Uint8Array, only?: number[]) {
  const parts = Math.ceil(film.byteLength / (10 * MiB));
  for (let n = 1; n <= parts; n++) {
    if (only && !only.includes(n)) continue;
    const part = film.slice((n - 1) * 10 * MiB, n * 10 * MiB);
    expect((await asBox("PUT", TIMELAPSE_PATHS.part(id, n), part)).status).toBe(204);
  }
}

/** A box before the share cards sends none. */
export async function uploadTimelapse(film: Uint8Array, day = yesterday, card?: Uint8Array) {
  const { body } = await start(film, day);
  await sendParts(body.id, film);
  const poster = jpegStill({ width: 1920, height: 1080 });
  expect((await asBox("PUT", TIMELAPSE_PATHS.poster(body.id), poster)).status).toBe(204);
  if (card) expect((await asBox("PUT", TIMELAPSE_PATHS.card(body.id), card)).status).toBe(204);
  return asBox("POST", TIMELAPSE_PATHS.complete(body.id), facts(day));
}

/**
 * Each film differs: the box's signature covers the body, and the same request signed again
 * in the same second is refused as a replay.
 */
export function mp4(size: number) {
  const bytes = fileBytes(size, "mp4");
  bytes.set(crypto.getRandomValues(new Uint8Array(8)), size - 8);
  return bytes;
}
