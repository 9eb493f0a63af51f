import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { rebuildDayStrip } from "#app/.server/archive/day-strips.ts";
import { slotOf } from "#app/.server/archive/slots.ts";
import { getDb } from "#app/.server/db/client.ts";
import { stills } from "#app/.server/db/schema.ts";
import { atLakeTime, lakeDate } from "#time/lake-time.ts";
import { jpegStill } from "./box.ts";
import { actingJustBefore, runCron } from "./helpers.ts";
import { stillRows } from "./stills-factory.ts";

const DAY = 86_400_000;
let counter = 0;

/** Older than the route accepts (48 h): written as the route would have, straight to D1 and R2. */
async function archivedLongAgo(
  daysAgo: number,
  {
    bestOf = false,
    colour = null as number | null,
    hour = null as string | null,
    publicId = null as string | null,
  } = {},
) {
  counter += 1;
  const day = lakeDate(Date.now() - daysAgo * DAY);
  const takenAt = hour
    ? atLakeTime(day, hour).getTime() + counter
    : slotOf(Date.now() - daysAgo * DAY) + counter;
  const fileKey = `stills/${String(counter).padStart(64, "0")}.jpg`;
  const thumbnailKey = `stills/${String(counter).padStart(64, "a")}.jpg`;
  const smallKey = `stills/${String(counter).padStart(64, "c")}.jpg`;
  const mediumKey = `stills/${String(counter).padStart(64, "b")}.jpg`;
  await env.MEDIA.put(fileKey, jpegStill({ bytes: 2000 + counter }));
  await env.MEDIA.put(thumbnailKey, jpegStill({ width: 640, height: 360, bytes: 1000 + counter }));
  await env.MEDIA.put(smallKey, jpegStill({ width: 960, height: 540, bytes: 1200 + counter }));
  await env.MEDIA.put(mediumKey, jpegStill({ width: 1280, height: 720, bytes: 1500 + counter }));
  const row = {
    id: crypto.randomUUID(),
    slot: new Date(slotOf(takenAt)),
    day: lakeDate(takenAt),
    takenAt: new Date(takenAt),
    fileKey,
    thumbnailKey,
    smallKey,
    mediumKey,
    byteSize: 2000 + counter,
    width: 854,
    height: 480,
    bestOf,
    colour,
    publicId,
    createdAt: new Date(takenAt),
  };
  const db = getDb(env.DB);
  await db.batch([db.insert(stills).values(row), ...rebuildDayStrip(db, row.day)]);
  return row;
}

test("the cron removes stills past the retention with their pictures and smaller versions, keeping best-of ones", async () => {
  const days = Number(env.STILL_RETENTION_DAYS);
  const publicId = "e".repeat(32);
  const expired = await archivedLongAgo(days + 2, { publicId });
  await env.PUBLIC_MEDIA.put(`s/${publicId}/still.jpg`, jpegStill());
  const alsoExpired = await archivedLongAgo(days + 1);
  const bestOf = await archivedLongAgo(days + 3, { bestOf: true });
  const recent = await archivedLongAgo(days - 1);

  await runCron();

  const ids = (await stillRows()).map((row) => row.id);
  expect(ids).not.toContain(expired.id);
  expect(ids).not.toContain(alsoExpired.id);
  expect(ids).toEqual(expect.arrayContaining([bestOf.id, recent.id]));
  expect(await env.PUBLIC_MEDIA.head(`s/${publicId}/still.jpg`)).toBeNull();
  for (const gone of [expired, alsoExpired]) {
    expect(await env.MEDIA.head(gone.fileKey)).toBeNull();
    expect(await env.MEDIA.head(gone.thumbnailKey)).toBeNull();
    expect(await env.MEDIA.head(gone.smallKey)).toBeNull();
    expect(await env.MEDIA.head(gone.mediumKey)).toBeNull();
  }
  for (const kept of [bestOf, recent]) {
    expect(await env.MEDIA.head(kept.fileKey)).not.toBeNull();
    expect(await env.MEDIA.head(kept.thumbnailKey)).not.toBeNull();
    expect(await env.MEDIA.head(kept.smallKey)).not.toBeNull();
    expect(await env.MEDIA.head(kept.mediumKey)).not.toBeNull();
  }
});

test("a still the owner marks best of while the cron expires it is kept", async () => {
  const days = Number(env.STILL_RETENTION_DAYS);
  const marked = await archivedLongAgo(days + 4);
  const markIt = () =>
    getDb(env.DB).update(stills).set({ bestOf: true }).where(eq(stills.id, marked.id));

  await runCron({ ...env, DB: actingJustBefore(env.DB, 'delete from "stills"', markIt) });

  expect((await stillRows()).map((row) => row.id)).toContain(marked.id);
  expect(await env.MEDIA.head(marked.fileKey)).not.toBeNull();
});

test("an expired still leaves a gap in its day's strip; the best-of one keeps its colour", async () => {
  const days = Number(env.STILL_RETENTION_DAYS);
  const kept = await archivedLongAgo(days + 6, { bestOf: true, colour: 0x336699, hour: "10:00" });
  await archivedLongAgo(days + 6, { colour: 0xc8643c, hour: "10:10" });
  const strip = async () =>
    (
      await env.DB.prepare("select colours from day_strips where day = ?").bind(kept.day).first<{
        colours: string;
      }>()
    )?.colours.replaceAll("-", "");
  expect(await strip()).toBe("369c64");

  await runCron();

  expect(await strip()).toBe("369");
});

test("a still a day's pick names is kept past the retention", async () => {
  const days = Number(env.STILL_RETENTION_DAYS);
  const sunset = await archivedLongAgo(days + 8, { hour: "20:00" });
  const best = await archivedLongAgo(days + 9, { hour: "12:00" });
  const plain = await archivedLongAgo(days + 9, { hour: "12:10" });
  await env.DB.batch([
    env.DB.prepare("insert into day_picks (day, sunset_id, sunset_by) values (?, ?, 'box')").bind(
      sunset.day,
      sunset.id,
    ),
    env.DB.prepare("insert into day_picks (day, best_id, best_by) values (?, ?, 'owner')").bind(
      best.day,
      best.id,
    ),
  ]);

  await runCron();

  const ids = (await stillRows()).map((row) => row.id);
  expect(ids).toEqual(expect.arrayContaining([sunset.id, best.id]));
  expect(ids).not.toContain(plain.id);
});
