// A still that cannot be sent waits on disk and goes with the next, as long as the Worker still takes it.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { MAX_STILL_BYTES } from "#protocol/camera-box.ts";
import type { PickKind } from "#protocol/day-picks.ts";
import { SHARE_CARD } from "#protocol/share-card.ts";
import type { StillFacts } from "#protocol/still-facts.ts";
import {
  encodeStillForm,
  MAX_STILL_VERSION_BYTES,
  STILL_BACKFILL_HOURS,
  STILL_CARD,
  STILL_TAKEN_AT_HEADER,
  STILL_VERSIONS,
  type StillVersion,
  stillVersions,
} from "#protocol/still-upload.ts";
import { STILL_LARGE, STILL_TILES } from "#protocol/tile-sheet.ts";
import { HOUR_MS } from "#time/durations.ts";
import type { BoxStatus } from "./box-status.ts";
import type { CameraReader } from "./camera-reader.ts";
import type { BoxConfig } from "./config.ts";
import { considerStill } from "./day-picks.ts";
import { stillsDir, writeWhole } from "./day-store.ts";
import { scoreFrame } from "./frame-score.ts";
import { meanColour, measureFrame } from "./frame-stats.ts";
import { cardArgs, FULL_HD_WIDTH, smallerStillArgs, stillArgs } from "./hls.ts";
import { reencodedWithin } from "./jpeg-encode.ts";
import { log } from "./log.ts";
import { signedRequest, UploadError } from "./worker-client.ts";
import { jpegSize, stillZoom } from "./zoom-sheet.ts";

const STILL_PATH = "/api/ingest/still";
const STILL_TIMEOUT_MS = 20_000;

/** The camera's newest keyframe as a JPEG, from the reader's cache: no connection to wait for. */
export async function stillFromCamera(reader: CameraReader): Promise<Uint8Array<ArrayBuffer>> {
  const still = reader.subscribe("still", { output: stillArgs() }, { stdout: "pipe" });
  if (!still) throw new Error("the camera does not answer");
  const chunks: Buffer[] = [];
  still.child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const timer = setTimeout(() => still.kill("no picture in time"), STILL_TIMEOUT_MS);
  const why = await still.exited;
  clearTimeout(timer);
  const jpeg = Buffer.concat(chunks);
  if (still.child.exitCode !== 0 || jpeg.length === 0) throw new Error(`ffmpeg: ${why}`);
  return new Uint8Array(jpeg);
}

const kB = (bytes: Uint8Array) => `${(bytes.length / 1024).toFixed(0)} kB`;

/** Too detailed for the Worker's limit goes coarser rather than not at all; unreadable goes as it is. */
async function withinLimit(config: BoxConfig, jpeg: Uint8Array<ArrayBuffer>) {
  const wide = (jpegSize(jpeg)?.width ?? 0) > FULL_HD_WIDTH;
  if (jpeg.length <= MAX_STILL_BYTES && !wide) return jpeg;
  try {
    const fitted = await reencodedWithin(
      config,
      jpeg,
      (quality) => smallerStillArgs(FULL_HD_WIDTH, quality),
      MAX_STILL_BYTES,
    );
    if (!wide) log(`still: ${kB(jpeg)} is over the limit, sent coarser (${kB(fitted)})`);
    return fitted;
  } catch (error) {
    log(`still: ${kB(jpeg)} is over the limit and could not be made smaller: ${String(error)}`);
    return jpeg;
  }
}

async function smallerVersions(config: BoxConfig, jpeg: Uint8Array<ArrayBuffer>) {
  try {
    const smaller = async (version: StillVersion) => {
      const width = STILL_VERSIONS[version];
      const args = (quality: number) => smallerStillArgs(width, quality);
      const picture = await reencodedWithin(config, jpeg, args, MAX_STILL_VERSION_BYTES[version]);
      return [version, picture] as const;
    };
    const pictures = await Promise.all(stillVersions.map(smaller));
    return Object.fromEntries(pictures) as Record<StillVersion, Uint8Array<ArrayBuffer>>;
  } catch (error) {
    log(`still: no smaller versions: ${String(error)}`);
    return null;
  }
}

/** A still's or a film poster's share card; null when not within SHARE_CARD's bytes. */
export async function shareCard(config: BoxConfig, jpeg: Uint8Array<ArrayBuffer>) {
  const card = await reencodedWithin(config, jpeg, cardArgs, SHARE_CARD.maxBytes).catch(() => null);
  return card && card.length <= SHARE_CARD.maxBytes ? card : null;
}

/** A proposal goes without its zoom rather than not at all. */
async function proposalZoom(config: BoxConfig, frame: Uint8Array<ArrayBuffer>) {
  try {
    const zoom = await stillZoom(config, frame);
    if (zoom) log(`picks: zoom of ${kB(zoom.tiles)} in tiles, ${kB(zoom.large)} large`);
    return zoom;
  } catch (error) {
    log(`picks: no zoom: ${String(error)}`);
    return null;
  }
}

/** With its versions and colour (a proposal with its score and zoom); one ffmpeg cannot read goes alone. */
export async function sendStill(
  config: BoxConfig,
  captured: Uint8Array<ArrayBuffer>,
  takenAt: Date,
  proposal?: PickKind,
) {
  const jpeg = await withinLimit(config, captured);
  const [versions, stats] = await Promise.all([
    smallerVersions(config, jpeg),
    measureFrame(config, jpeg),
  ]);
  const card = versions && (await shareCard(config, jpeg));
  const zoom = proposal && stats ? await proposalZoom(config, captured) : null;
  const facts: StillFacts | undefined = stats
    ? {
        colour: meanColour(stats),
        ...(proposal && { proposal: { kind: proposal, score: scoreFrame(stats)[proposal] } }),
        ...(zoom && { tiles: zoom.index }),
      }
    : undefined;
  return signedRequest(
    config,
    "PUT",
    STILL_PATH,
    versions
      ? await encodeStillForm(
          jpeg,
          {
            ...versions,
            ...(card && { [STILL_CARD]: card }),
            ...(zoom && { [STILL_LARGE]: zoom.large, [STILL_TILES]: zoom.tiles }),
          },
          facts,
        )
      : { bytes: jpeg, contentType: "image/jpeg" },
    { headers: { [STILL_TAKEN_AT_HEADER]: takenAt.toISOString() } },
  );
}

/** Refusals of the box (secret, clock, rate limit) would refuse every waiting still: those keep the queue. */
const refusesTheStill = (status: number) => status < 500 && ![401, 403, 408, 429].includes(status);

/** Sends the waiting stills oldest first; stops at the first that fails for the network or the box. */
export async function sendWaitingStills(
  config: BoxConfig,
  now = Date.now(),
  status?: BoxStatus,
): Promise<number> {
  let sent = 0;
  for (const name of await waitingStills(config)) {
    const takenAt = Number.parseInt(name, 10);
    const proposal = STILL_NAME.exec(name)?.[1] as PickKind | undefined;
    const path = join(stillsDir(config), name);
    if (now - takenAt > STILL_BACKFILL_HOURS * HOUR_MS) {
      await rm(path, { force: true });
      const dropped = `dropped the one of ${new Date(takenAt).toISOString()}, too old to archive`;
      log(`still: ${dropped}`);
      status?.event("spool_dropped", dropped);
      continue;
    }
    try {
      await sendStill(config, new Uint8Array(await readFile(path)), new Date(takenAt), proposal);
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

/** <taken at>.jpg, or <taken at>.<kind>.jpg for a proposal (day-picks.ts). */
const STILL_NAME = /^\d+(?:\.(sunset|best))?\.jpg$/;

/** The stills on disk not sent yet, oldest first, a slot's plain still before its proposal. */
export async function waitingStills(config: BoxConfig): Promise<string[]> {
  const names = await readdir(stillsDir(config)).catch(() => []);
  return names
    .filter((name) => STILL_NAME.test(name))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.length - b.length);
}

let draining: Promise<void> = Promise.resolve();

/** One sender at a time: the still timer and a reconnect may both ask. */
export function drainStills(config: BoxConfig, status?: BoxStatus): Promise<void> {
  draining = draining.then(async () => {
    if ((await waitingStills(config)).length === 0) return;
    try {
      const sent = await sendWaitingStills(config, Date.now(), status);
      log(`still: ${sent} uploaded`);
    } catch (error) {
      const left = (await waitingStills(config)).length;
      log(`still: upload failed, ${left} kept for later: ${String(error)}`);
    }
  });
  return draining;
}

export async function takeStill(
  config: BoxConfig,
  reader: CameraReader,
  status: BoxStatus,
): Promise<void> {
  const takenAt = Date.now();
  let frame: Uint8Array<ArrayBuffer>;
  try {
    frame = await stillFromCamera(reader);
  } catch (error) {
    log(`still: could not take one: ${String(error)}`);
    return;
  }
  status.lastStillAt = takenAt;
  const jpeg = await withinLimit(config, frame);
  const stats = await measureFrame(config, jpeg);
  if (stats) {
    // A candidate keeps the camera's full frame: the day's pick is zoomed from it.
    await considerStill(config, frame, takenAt, stats).catch((error: unknown) => {
      log(`picks: could not keep a candidate: ${String(error)}`);
    });
  }
  try {
    await writeWhole(join(stillsDir(config), `${takenAt}.jpg`), jpeg);
  } catch (error) {
    log(`still: could not keep it on disk (${String(error)}), sending it directly`);
    await sendStill(config, jpeg, new Date(takenAt)).catch((failed: unknown) => {
      const lost = `lost the one of ${new Date(takenAt).toISOString()}, neither kept nor sent: ${String(failed)}`;
      log(`still: ${lost}`);
      status.event("spool_dropped", lost);
    });
  }
  await drainStills(config, status);
}
