import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { getDb } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { createMedia } from "./factories.ts";
import { actingJustBefore, runCron } from "./helpers.ts";

const DAY = 86_400_000;
let films = 0;

/** A nightly film as the box registers it: one per lake day. */
function createFilm(fields: Parameters<typeof createMedia>[0]) {
  films += 1;
  return createMedia({
    type: "timelapse",
    filmDay: `2020-01-${String(films).padStart(2, "0")}`,
    ...fields,
  });
}

async function stored(key: string) {
  return (await env.MEDIA.head(key)) !== null;
}

test("the cron removes time-lapses past the retention window with their files, featured ones stay", async () => {
  const days = Number(env.TIMELAPSE_RETENTION_DAYS);
  const old = new Date(Date.now() - (days + 1) * DAY);
  const expired = await createFilm({ takenAt: old });
  const featured = await createFilm({ takenAt: old, featured: true });
  const recent = await createFilm({ takenAt: new Date(Date.now() - DAY) });
  const oldVideo = await createMedia({ type: "video", takenAt: old });
  // The owner may type any upload "timelapse": it is not a nightly film and stays.
  const ownersTimelapse = await createMedia({ type: "timelapse", takenAt: old });

  await runCron();

  const left = await env.DB.prepare("select id from media").all<{ id: string }>();
  const ids = left.results.map((row) => row.id);
  expect(ids).not.toContain(expired.id);
  expect(ids).toEqual(
    expect.arrayContaining([featured.id, recent.id, oldVideo.id, ownersTimelapse.id]),
  );
  expect(await stored(expired.fileKey)).toBe(false);
  expect(await stored(expired.thumbnailKey)).toBe(false);
  expect(await stored(featured.fileKey)).toBe(true);
  expect(await stored(ownersTimelapse.fileKey)).toBe(true);
});

test("a film the owner features while the cron expires it is kept", async () => {
  const days = Number(env.TIMELAPSE_RETENTION_DAYS);
  const film = await createFilm({ takenAt: new Date(Date.now() - (days + 2) * DAY) });
  const db = getDb(env.DB);
  const featureIt = () => db.update(media).set({ featured: true }).where(eq(media.id, film.id));

  await runCron({ ...env, DB: actingJustBefore(env.DB, 'delete from "media" ', featureIt) });

  expect(await db.select().from(media).where(eq(media.id, film.id))).toHaveLength(1);
  expect(await stored(film.fileKey)).toBe(true);
});
