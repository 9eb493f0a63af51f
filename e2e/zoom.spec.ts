import type { Page, Request } from "@playwright/test";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { expect, expectNoAxeViolations, hydrated, test, viewerReady } from "./fixtures.ts";

// Zoom (issue 37): a viewer that costs nothing until asked for, and goes to 1:1 and back, for the
// archive's stills and the gallery's photos.

test.use({ viewport: { width: 1366, height: 768 } });

/** What the page fetched since its `from`th resource, in bytes over the wire. */
const bytesSince = (page: Page, from: number) =>
  page.evaluate(
    (first) =>
      performance
        .getEntriesByType("resource")
        .slice(first)
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    from,
  );

test("Zoom loads nothing before it is used and works by keyboard alone (en)", async ({
  strictPage: page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto("/en/archive");
  await hydrated(page);
  expect(requested.filter((url) => /zoom|panzoom/.test(url))).toEqual([]);
  const resourcesBefore = await page.evaluate(
    () => performance.getEntriesByType("resource").length,
  );

  const zoom = page.getByRole("button", { name: "Zoom", exact: true });
  await zoom.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer).toBeVisible();
  const stage = viewer.getByRole("img");
  const region = viewer.locator("[aria-live]");
  await stage.focus();
  await page.keyboard.press("1");
  await expect(region).toHaveText(/^Zoom 100\s?%$/);
  await page.keyboard.press("+");
  await expect(region).not.toHaveText(/^Zoom 100\s?%$/);
  // The arrows move the picture, not the archive to the next still.
  const url = page.url();
  const transform = () =>
    page
      .locator("dialog [data-zoom-layer]")
      .evaluate((layer) => (layer as HTMLElement).style.transform);
  const before = await transform();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(transform).not.toBe(before);
  expect(page.url()).toBe(url);
  await expectNoAxeViolations(page, { label: "zoomed: " });

  // From the press to 1:1 and beyond: the viewer's code and words, the picture already shown.
  const bytes = await bytesSince(page, resourcesBefore);
  test.info().annotations.push({ type: "zoom bytes", description: String(bytes) });
  expect(bytes).toBeLessThanOrEqual(400_000);

  await viewer.getByRole("button", { name: "Fit to screen" }).click();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(zoom).toBeFocused();

  // A day's pick from a 4K camera (the seed's, yesterday at 19:00): past the still, its tiles.
  await page.goto(`/en/archive?at=${addDays(lakeDate(Date.now()), -1)}T19:00`);
  await hydrated(page);
  const tileRows: Promise<unknown>[] = [];
  // The Worker's address of the sheet, or the media host's once the cron has published the
  // still (ADR 008): which one depends on whether a journey ran the cron before this one.
  const tileSheet = /[?&]version=tiles(&|$)|\/tiles\.jpg$/;
  page.on("request", (request) => {
    if (tileSheet.test(request.url())) {
      tileRows.push(request.response().then((response) => response?.finished()));
    }
  });
  const pickBefore = await page.evaluate(() => performance.getEntriesByType("resource").length);
  await zoom.click();
  // Fitted to this screen, a little wider than the still: the still, not every tile at once.
  await expect(region).toHaveText(/^Zoom \d+\s?%$/);
  expect(tileRows).toHaveLength(0);
  await viewer.getByRole("button", { name: "Actual size" }).click();
  const tiles = viewer.locator("[data-zoom-layer] img:not(:first-child)");
  await expect(tiles.first()).toBeVisible();
  await Promise.all(tileRows);
  expect(tileRows.length).toBeGreaterThan(0);
  // One request per visible tile row, each only the tiles in view.
  expect(tileRows.length).toBeLessThanOrEqual(4);
  const widths = await tiles.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).naturalWidth),
  );
  expect(new Set(widths)).toEqual(new Set([256]));
  const pickBytes = await bytesSince(page, pickBefore);
  test
    .info()
    .annotations.push({ type: "zoom bytes at 1:1 from tiles", description: String(pickBytes) });
  expect(pickBytes).toBeLessThanOrEqual(400_000);
  await expectNoAxeViolations(page, { label: "actual size from tiles: " });
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
});

test("a gallery photo zooms inside its viewer, to 1:1 from its tiles; Escape leaves the zoom, then the viewer (en)", async ({
  strictPage: page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  // Uploaded at 2560 px (the seed's): the viewer shows its 1280 px version, the tiles the rest.
  await page.goto("/en/gallery/demo-morning");
  await viewerReady(page);
  expect(requested.filter((url) => /zoom|panzoom/.test(url))).toEqual([]);

  const viewer = page.getByRole("dialog", { name: "Morning calm in the harbour" });
  const zoom = viewer.getByRole("button", { name: "Zoom", exact: true });
  const files: Promise<[string, number | undefined]>[] = [];
  const finished = async (request: Request): Promise<[string, number | undefined]> => {
    const response = await request.response();
    await response?.finished();
    return [request.url(), response?.status()];
  };
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith("/media/")) files.push(finished(request));
  };
  // A person zooms once the picture is there.
  const shown = viewer.getByRole("img", { name: "Morning calm in the harbour" });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  const before = await page.evaluate(() => performance.getEntriesByType("resource").length);
  page.on("request", onRequest);
  await zoom.focus();
  await page.keyboard.press("Enter");
  const zoomed = page.locator("dialog[open]");
  await expect(zoomed).toBeVisible();
  const region = zoomed.locator("[aria-live]");
  await zoomed.getByRole("img").focus();
  await page.keyboard.press("1");
  await expect(region).toHaveText(/^Zoom 100\s?%$/);
  const tiles = zoomed.locator("[data-zoom-layer] img:not(:first-child)");
  await expect(tiles.first()).toBeVisible();
  // Only the tile rows in view, by range: never the whole 2560 px file.
  const fetched = await Promise.all(files);
  // Moving the picture later loads more tiles, outside this count.
  page.off("request", onRequest);
  expect(fetched.length).toBeGreaterThan(0);
  expect(new Set(fetched.map(([, status]) => status))).toEqual(new Set([206]));
  const sheet = fetched[0]?.[0];
  expect(new Set(fetched.map(([url]) => url))).toEqual(new Set([sheet]));
  const tileBytes = await page.evaluate(
    ({ first, url }) =>
      performance
        .getEntriesByType("resource")
        .slice(first)
        .filter((entry) => entry.name === url)
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
    { first: before, url: sheet },
  );
  test
    .info()
    .annotations.push({ type: "gallery zoom bytes at 1:1", description: String(tileBytes) });
  expect(tileBytes).toBeLessThanOrEqual(400_000);
  // The arrows move the picture, not the gallery to the next item.
  const url = page.url();
  const transform = () =>
    zoomed.locator("[data-zoom-layer]").evaluate((layer) => (layer as HTMLElement).style.transform);
  const unmoved = await transform();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(transform).not.toBe(unmoved);
  expect(page.url()).toBe(url);
  await expectNoAxeViolations(page, { label: "zoomed: " });

  await page.keyboard.press("Escape");
  await expect(zoomed).toHaveCount(0);
  await expect(zoom).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
});
