import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createMedia } from "./factories";
import { runCron } from "./helpers";

const DAY = 86_400_000;

async function stored(key: string) {
  return (await env.MEDIA.head(key)) !== null;
}

test("the cron removes time-lapses past the retention window with their files, featured ones stay", async () => {
  const days = Number(env.TIMELAPSE_RETENTION_DAYS);
  const old = new Date(Date.now() - (days + 1) * DAY);
  const expired = await createMedia({ type: "timelapse", takenAt: old });
  const featured = await createMedia({ type: "timelapse", takenAt: old, featured: true });
  const recent = await createMedia({ type: "timelapse", takenAt: new Date(Date.now() - DAY) });
  const oldVideo = await createMedia({ type: "video", takenAt: old });

  await runCron();

  const left = await env.DB.prepare("select id from media").all<{ id: string }>();
  const ids = left.results.map((row) => row.id);
  expect(ids).not.toContain(expired.id);
  expect(ids).toEqual(expect.arrayContaining([featured.id, recent.id, oldVideo.id]));
  expect(await stored(expired.fileKey)).toBe(false);
  expect(await stored(expired.thumbnailKey)).toBe(false);
  expect(await stored(featured.fileKey)).toBe(true);
});
