import { eq } from "drizzle-orm";
import { lakeWallClock } from "~/lib/lake-clock";
import type { Db } from "../db/client";
import { stills } from "../db/schema";
import { jpegFrame } from "../stream/still";
import { randomHex } from "../uploads/store";
import { readWeatherRows, toSnapshot } from "../weather/store";
import { slotOf } from "./slots";
import { WEATHER_MATCH_MS, weatherAt } from "./still-weather";

/** Written once, never built from anything the box sends. */
const newStillKey = () => `stills/${randomHex()}.jpg`;

/** `bytes` passed checkStill(). */
type Incoming = { bytes: Uint8Array; takenAt: number; now: number };

/**
 * One still per slot: a second one for the same slot replaces the first. The old object is
 * read in the same D1 transaction that replaces its row, so it is the one deleted.
 */
export async function archiveStill(db: Db, bucket: R2Bucket, still: Incoming): Promise<void> {
  const { bytes, takenAt, now } = still;
  const frame = jpegFrame(bytes);
  if (!frame) throw new Error("stills: archiveStill takes only a checked JPEG");
  const slot = slotOf(takenAt);
  const snapshot = now - takenAt <= WEATHER_MATCH_MS ? toSnapshot(await readWeatherRows(db)) : null;
  const fileKey = newStillKey();
  await bucket.put(fileKey, bytes, { httpMetadata: { contentType: "image/jpeg" } });

  const row = {
    id: crypto.randomUUID(),
    slot: new Date(slot),
    day: lakeWallClock(slot).slice(0, 10),
    takenAt: new Date(takenAt),
    fileKey,
    byteSize: bytes.length,
    width: frame.width,
    height: frame.height,
    weather: weatherAt(snapshot, takenAt, now),
    createdAt: new Date(now),
  };
  // The slot keeps its id (a shared link stays valid) and the owner's best-of mark.
  const { id: _id, slot: _slot, ...replacement } = row;
  try {
    const [previous] = await db.batch([
      db.select({ fileKey: stills.fileKey }).from(stills).where(eq(stills.slot, row.slot)),
      db.insert(stills).values(row).onConflictDoUpdate({ target: stills.slot, set: replacement }),
    ]);
    const old = previous[0]?.fileKey;
    if (old) {
      await bucket.delete(old).catch((error: unknown) => {
        console.error("stills: replaced object left behind", old, error);
      });
    }
  } catch (error) {
    // No row points at the new object: remove it rather than leak it.
    await bucket.delete(fileKey);
    throw error;
  }
}
