import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { randomHex } from "#app/.server/uploads/upload-store.ts";
import { readWeatherRows, toSnapshot } from "#app/.server/weather/weather-store.ts";
import { lakeDate } from "#time/lake-time.ts";
import { proposePick, queueProposalDescriptions } from "./day-picks.ts";
import { rebuildDayStrip } from "./day-strips.ts";
import {
  copiesOf,
  newPublicId,
  putPublicCopy,
  RETIRED_STILL_MS,
  retirePublicCopies,
} from "./public-stills.ts";
import type { StillUpload } from "./received-still.ts";
import { slotOf } from "./slots.ts";
import { byKeyColumn, stillContentType, stillKeyColumns, stillKeys } from "./still-keys.ts";
import { forgetNewestStill } from "./still-picture.ts";
import { WEATHER_MATCH_MS, weatherAt } from "./still-weather.ts";

/** Written once, never built from anything the box sends. */
const newStillKey = () => `stills/${randomHex()}.jpg`;

type Incoming = StillUpload & { takenAt: number; now: number };
type Buckets = { MEDIA: R2Bucket; PUBLIC_MEDIA: R2Bucket };

/** Old objects are read in the transaction that replaces their row, so the right ones are deleted (ADR 017). */
export async function archiveStill(db: Db, buckets: Buckets, still: Incoming): Promise<void> {
  const { bytes, frame, versions, colour, proposal, zoom, takenAt, now } = still;
  const { MEDIA, PUBLIC_MEDIA } = buckets;
  const slot = slotOf(takenAt);
  const snapshot = now - takenAt <= WEATHER_MATCH_MS ? toSnapshot(await readWeatherRows(db)) : null;
  const keys = {
    fileKey: newStillKey(),
    ...byKeyColumn((version) => (versions[version] ? newStillKey() : null)),
  };
  const publicId = newPublicId();
  const copies = copiesOf(keys, publicId);
  const removeWritten = () =>
    Promise.all([
      MEDIA.delete(copies.map((copy) => copy.key)),
      PUBLIC_MEDIA.delete(copies.map((copy) => copy.publicKey)),
    ]);
  await Promise.all(
    copies.flatMap(({ key, publicKey, version }) => {
      const body = version ? versions[version] : bytes;
      if (!body) return [];
      const httpMetadata = { contentType: stillContentType(version) };
      return [
        MEDIA.put(key, body, { httpMetadata }),
        putPublicCopy(PUBLIC_MEDIA, publicKey, body, version),
      ];
    }),
  ).catch(async (error: unknown) => {
    await removeWritten();
    throw error;
  });

  const row = {
    id: crypto.randomUUID(),
    slot: new Date(slot),
    day: lakeDate(slot),
    takenAt: new Date(takenAt),
    ...keys,
    byteSize: bytes.length,
    width: frame.width,
    height: frame.height,
    weather: weatherAt(snapshot, takenAt, now),
    colour,
    zoom,
    createdAt: new Date(now),
    publicId,
  };
  // The slot keeps its id (shared links) and best-of mark; a late proposal keeps the weather it can no longer know.
  const { id: _id, slot: _slot, ...replacement } = row;
  const set = proposal
    ? { ...replacement, weather: sql`coalesce(excluded.weather, ${stills.weather})` }
    : replacement;
  try {
    const [previous] = await db.batch([
      db.select(stillKeyColumns).from(stills).where(eq(stills.slot, row.slot)),
      retirePublicCopies(db, eq(stills.slot, row.slot), now + RETIRED_STILL_MS),
      db.insert(stills).values(row).onConflictDoUpdate({ target: stills.slot, set }),
      ...rebuildDayStrip(db, row.day),
      ...(proposal
        ? [
            proposePick(db, row.slot, proposal.kind, proposal.score),
            ...queueProposalDescriptions(db, row.slot),
          ]
        : []),
    ]);
    forgetNewestStill();
    const old = previous.flatMap(stillKeys);
    if (old.length > 0) {
      await MEDIA.delete(old).catch((error: unknown) => {
        console.error("stills: replaced objects left behind", old.join(" "), error);
      });
    }
  } catch (error) {
    await removeWritten();
    throw error;
  }
}
