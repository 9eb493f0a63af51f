import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { livePicture, runCron, d1Statements as statements, usage, visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

test("a home-page render costs two D1 queries, four when its isolate's caches are cold", async () => {
  await runCron();
  await sendStill(Date.now());
  const cold = await visit("/");
  expect(cold.status).toBe(200);
  const html = await cold.text();
  expect(html).toContain("Aufgelockerte Bewölkung");
  // The maintenance flag and the live panel's newest still (each cached 10 s per isolate), and
  // in parallel the weather snapshot (all sources in one statement) and the gallery teaser.
  expect(statements(cold)).toBe(4);
  const warm = await visit("/en");
  expect(statements(warm)).toBe(2);
  // Both name the still the box sent.
  const src = livePicture(await warm.text())?.src;
  expect(src).toMatch(/^\/media\/s\/[0-9a-f]{32}\/still\.jpg$/);
  expect(html).toContain(`src="${src}"`);
});

test("a gallery render reads its page, featured row and newest film in one batch", async () => {
  await visit("/en"); // warms the settings cache
  expect(statements(await visit("/en/gallery"))).toBe(3);
});

test("a search or a page after the first costs one statement, another order two", async () => {
  for (let i = 0; i < 25; i++) await createMedia({ titleEn: `Harbour ${i}` });
  await visit("/en"); // warms the settings cache
  expect(statements(await visit("/en/gallery?q=harbour"))).toBe(1);
  // Its page and the newest film (yesterday's placeholder), in one batch.
  expect(statements(await visit("/en/gallery?sort=oldest"))).toBe(2);
  expect(statements(await visit("/en/gallery?type=photos&sort=oldest"))).toBe(1);
  const { nextCursor } = await (await visit("/api/media?lang=en")).json<{ nextCursor: string }>();
  const more = await visit(
    `/en/gallery.data?type=all&sort=newest&cursor=${nextCursor}&_routes=en%2Fgallery`,
  );
  expect(more.status).toBe(200);
  expect(statements(more)).toBe(1);
});

test("an archive render reads a row per day of the month for its calendar, not every still", async () => {
  const stillsOn = (day: string, count: number) =>
    env.DB.prepare(
      `INSERT INTO stills (id, slot, day, taken_at, file_key, byte_size, width, height, created_at)
       WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?3 - 1)
       SELECT ?2 || '-' || i, ?1 + i * 600000, ?2, ?1 + i * 600000, 'stills/' || ?2 || '-' || i || '.jpg',
         1000, 1920, 1080, ?1 FROM n`,
    )
      .bind(Date.UTC(2026, 2, Number(day.slice(8)), 0, 0), day, count)
      .run();
  await stillsOn("2026-03-10", 3);
  const page = "/en/archive?day=2026-03-10";
  const before = await usage(await visit(page));
  // A busy day elsewhere in the month: 100 stills the page neither shows nor steps to.
  await stillsOn("2026-03-20", 100);
  const after = await usage(await visit(page));
  expect(after.rowsRead - before.rowsRead).toBeLessThan(10);
});
