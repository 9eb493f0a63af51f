// Stills for the live placeholder and the archive, each with the moment it was taken. One that
// cannot be sent waits on disk and goes with the next, as long as the Worker still takes it.
import { execFile } from "node:child_process";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAX_STILL_BYTES } from "#protocol/camera-box.ts";
import {
  encodeStillForm,
  MAX_STILL_VERSION_BYTES,
  STILL_BACKFILL_HOURS,
  STILL_TAKEN_AT_HEADER,
  STILL_VERSIONS,
  type StillVersion,
  stillVersions,
} from "#protocol/still-upload.ts";
import { HOUR_MS } from "#time/durations.ts";
import type { BoxConfig } from "./config.ts";
import { ensureDir, stillsDir } from "./day-store.ts";
import { FULL_HD_WIDTH, STILL_QUALITIES, smallerStillArgs, stillArgs } from "./hls.ts";
import { log } from "./log.ts";
import { signedRequest, UploadError } from "./worker-client.ts";

const STILL_PATH = "/api/ingest/still";

/** One JPEG from ffmpeg's stdout; `input` goes to its stdin. */
function ffmpegJpeg(
  config: BoxConfig,
  args: string[],
  input?: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      config.ffmpegPath,
      args,
      { encoding: "buffer", maxBuffer: 4 * 1024 * 1024, timeout: 20_000 },
      (error, stdout, stderr) => {
        if (!error) return resolve(new Uint8Array(stdout));
        // ffmpeg's last word says why ("Connection refused"); the error only repeats the command.
        const why = stderr.toString().trim().split("\n").at(-1);
        reject(why ? new Error(`ffmpeg: ${why}`) : error);
      },
    );
    if (input) child.stdin?.end(input);
  });
}

const kB = (bytes: Uint8Array) => `${(bytes.length / 1024).toFixed(0)} kB`;

/** `jpeg` encoded again `width` px wide, at the finest quality within `maxBytes`. */
async function reencodedWithin(
  config: BoxConfig,
  jpeg: Uint8Array<ArrayBuffer>,
  width: number,
  maxBytes: number,
) {
  let picture = jpeg;
  for (const quality of STILL_QUALITIES) {
    picture = await ffmpegJpeg(config, smallerStillArgs(width, quality), jpeg);
    if (picture.length <= maxBytes) break;
  }
  return picture;
}

/**
 * A still too detailed for the Worker's limit goes coarser rather than not at all; one ffmpeg
 * cannot read goes as it is.
 */
async function withinLimit(config: BoxConfig, jpeg: Uint8Array<ArrayBuffer>) {
  if (jpeg.length <= MAX_STILL_BYTES) return jpeg;
  try {
    const fitted = await reencodedWithin(config, jpeg, FULL_HD_WIDTH, MAX_STILL_BYTES);
    log(`still: ${kB(jpeg)} is over the limit, sent coarser (${kB(fitted)})`);
    return fitted;
  } catch (error) {
    log(`still: ${kB(jpeg)} is over the limit and could not be made smaller: ${String(error)}`);
    return jpeg;
  }
}

/** The archive's smaller versions of a still; null when ffmpeg cannot read it. */
async function smallerVersions(config: BoxConfig, jpeg: Uint8Array<ArrayBuffer>) {
  try {
    const smaller = async (version: StillVersion) => {
      const width = STILL_VERSIONS[version];
      const picture = await reencodedWithin(config, jpeg, width, MAX_STILL_VERSION_BYTES[version]);
      return [version, picture] as const;
    };
    const pictures = await Promise.all(stillVersions.map(smaller));
    return Object.fromEntries(pictures) as Record<StillVersion, Uint8Array<ArrayBuffer>>;
  } catch (error) {
    log(`still: no smaller versions: ${String(error)}`);
    return null;
  }
}

/** With its smaller versions; a still ffmpeg cannot read goes alone rather than not at all. */
export async function sendStill(
  config: BoxConfig,
  captured: Uint8Array<ArrayBuffer>,
  takenAt: Date,
) {
  const jpeg = await withinLimit(config, captured);
  const versions = await smallerVersions(config, jpeg);
  return signedRequest(
    config,
    "PUT",
    STILL_PATH,
    versions ? await encodeStillForm(jpeg, versions) : { bytes: jpeg, contentType: "image/jpeg" },
    { headers: { [STILL_TAKEN_AT_HEADER]: takenAt.toISOString() } },
  );
}

/**
 * Whether the Worker refused this still for good (its picture or time), rather than the box:
 * a wrong secret, a drifting clock or a rate limit would refuse every waiting still alike, and
 * the queue exists to keep them until the box is put right.
 */
const refusesTheStill = (status: number) => status < 500 && ![401, 403, 408, 429].includes(status);

/** Sends the waiting stills oldest first; stops at the first that fails for the network or the box. */
export async function sendWaitingStills(config: BoxConfig, now = Date.now()): Promise<number> {
  const dir = stillsDir(config);
  const names = (await readdir(dir).catch(() => []))
    .filter((name) => /^\d+\.jpg$/.test(name))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  let sent = 0;
  for (const name of names) {
    const takenAt = Number.parseInt(name, 10);
    const path = join(dir, name);
    if (now - takenAt > STILL_BACKFILL_HOURS * HOUR_MS) {
      await rm(path, { force: true });
      log(`still: dropped the one of ${new Date(takenAt).toISOString()}, too old to archive`);
      continue;
    }
    try {
      await sendStill(config, new Uint8Array(await readFile(path)), new Date(takenAt));
      sent += 1;
    } catch (error) {
      if (!(error instanceof UploadError && refusesTheStill(error.status))) throw error;
      log(
        `still: the Worker refused the one of ${new Date(takenAt).toISOString()}: ${error.message}`,
      );
    }
    await rm(path, { force: true });
  }
  return sent;
}

/** Takes a still now and sends it with any that are waiting; false when the camera gave none. */
export async function takeStill(config: BoxConfig): Promise<boolean> {
  const takenAt = Date.now();
  let jpeg: Uint8Array<ArrayBuffer>;
  try {
    jpeg = await ffmpegJpeg(config, stillArgs(config.input));
  } catch (error) {
    log(`still: could not take one: ${String(error)}`);
    return false;
  }
  try {
    await ensureDir(stillsDir(config));
    await writeFile(join(stillsDir(config), `${takenAt}.jpg`), jpeg);
  } catch (error) {
    // A full disk: this one goes straight out, or not at all.
    log(`still: could not keep it on disk (${String(error)}), sending it directly`);
    await sendStill(config, jpeg, new Date(takenAt)).catch(() => {});
  }
  try {
    const sent = await sendWaitingStills(config);
    log(`still: ${sent} uploaded (${kB(jpeg)} the newest)`);
  } catch (error) {
    log(`still: upload failed, kept for later: ${String(error)}`);
  }
  return true;
}
