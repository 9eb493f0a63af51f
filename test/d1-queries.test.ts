import { expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { livePicture, runCron, d1Statements as statements, visit } from "./helpers.ts";
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
  expect(src).toMatch(/^\/api\/stills\/newest\.jpg\?v=\d+$/);
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
