import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import {
  openTimelapseSchema,
  TIMELAPSE_PATHS,
  type TimelapseStart,
  timelapseRegisteredSchema,
} from "#protocol/timelapse-upload.ts";
import type { BoxConfig } from "./config.ts";
import { markRegistered, pendingTimelapses, readFacts, timelapseFiles } from "./day-store.ts";
import { log } from "./log.ts";
import { shareCard } from "./still.ts";
import { signedRequest, UploadError } from "./worker-client.ts";

/** A part can take a while on a camera's uplink (16 MiB at 4 Mbit/s is 34 s). */
const PART_TIMEOUT_MS = 300_000;

async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function readPart(path: string, offset: number, length: number) {
  const file = await open(path, "r");
  try {
    const bytes = new Uint8Array(length);
    await file.read(bytes, 0, length, offset);
    return bytes;
  } finally {
    await file.close();
  }
}

/** Optional: a Worker that refuses it (or predates it) registers the film with its poster. */
async function sendCard(config: BoxConfig, id: string, poster: Uint8Array<ArrayBuffer>) {
  const card = await shareCard(config, poster);
  if (!card) return log("upload: no share card from the poster, the film goes without");
  try {
    await signedRequest(config, "PUT", TIMELAPSE_PATHS.card(id), {
      bytes: card,
      contentType: "image/jpeg",
    });
  } catch (error) {
    if (!(error instanceof UploadError && error.status < 500)) throw error;
    log(`upload: the Worker refused the share card, the film goes without: ${error.message}`);
  }
}

export async function uploadTimelapse(config: BoxConfig, day: string): Promise<string> {
  const files = timelapseFiles(config, day);
  const facts = await readFacts(config, day);
  if (!facts) throw new Error(`${day}: no rendered film to upload (run "render --day ${day}")`);
  const byteSize = (await stat(files.film)).size;
  const start: TimelapseStart = { day, byteSize, sha256: await sha256File(files.film) };
  const opened = openTimelapseSchema.parse(
    await (await signedRequest(config, "POST", TIMELAPSE_PATHS.start, { json: start })).json(),
  );
  const count = Math.ceil(byteSize / opened.partSize);
  const done = new Set(opened.doneParts);
  let sent = 0;
  for (let n = 1; n <= count; n++) {
    if (done.has(n)) continue;
    const offset = (n - 1) * opened.partSize;
    const bytes = await readPart(files.film, offset, Math.min(opened.partSize, byteSize - offset));
    await signedRequest(
      config,
      "PUT",
      TIMELAPSE_PATHS.part(opened.id, n),
      { bytes, contentType: "application/octet-stream" },
      { attempts: 5, timeoutMs: PART_TIMEOUT_MS },
    );
    sent += 1;
  }
  const poster = new Uint8Array(await readFile(files.poster));
  await signedRequest(config, "PUT", TIMELAPSE_PATHS.poster(opened.id), {
    bytes: poster,
    contentType: "image/jpeg",
  });
  await sendCard(config, opened.id, poster);
  const response = await signedRequest(config, "POST", TIMELAPSE_PATHS.complete(opened.id), {
    json: facts,
  });
  const { id } = timelapseRegisteredSchema.parse(await response.json());
  await markRegistered(config, day, id);
  log(
    `upload: ${day}: film ${id} registered (${count} parts, ${sent} sent now, ${count - sent} already there)`,
  );
  return id;
}

export async function uploadPendingTimelapses(
  config: BoxConfig,
): Promise<{ uploaded: string[]; failed: string[] }> {
  const uploaded: string[] = [];
  const failed: string[] = [];
  for (const day of await pendingTimelapses(config)) {
    try {
      await uploadTimelapse(config, day);
      uploaded.push(day);
    } catch (error) {
      log(`upload: ${day}: failed, retried on the next run: ${String(error)}`);
      failed.push(day);
    }
  }
  return { uploaded, failed };
}
