import type { Page } from "@playwright/test";
import { expect, hydrated, locales, localized, test } from "./fixtures.ts";

// Issue 37: the picture first. The spec's order stays (title, subtitle, the picture), but the
// title block is small enough that a phone sees the lake at once, and a desktop sees it large.

const pictures = {
  "/": 'section#live img[fetchpriority="high"]',
  "/archive": 'main figure img[fetchpriority="high"]',
};

/**
 * The layout shifts so far (none after an input) that moved the picture or anything above it,
 * with what moved. The weather panel below it fills in on a fresh server's first visit.
 */
function layoutShifts(page: Page, selector: string) {
  return page.evaluate(
    (selector) =>
      new Promise<string[]>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        };
        const picture = document.querySelector(selector);
        const atOrAbove = (node: Node | null | undefined) =>
          !node ||
          !picture ||
          node.contains(picture) ||
          Boolean(node.compareDocumentPosition(picture) & Node.DOCUMENT_POSITION_FOLLOWING);
        const said = (shift: Shift) =>
          `${shift.value.toFixed(3)} at ${Math.round(shift.startTime)} ms: ${shift.sources
            .map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 120))
            .join(" | ")}`;
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          const shifts = list.getEntries() as Shift[];
          resolve(
            shifts
              .filter((shift) => !shift.hadRecentInput)
              .filter((shift) => shift.sources.some((source) => atOrAbove(source.node)))
              .map(said),
          );
        }).observe({ type: "layout-shift", buffered: true });
        // No shift at all: the observer has nothing to report.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve([])));
      }),
    selector,
  );
}

async function openWithPicture(page: Page, which: keyof typeof pictures, path: string) {
  await page.goto(path);
  await hydrated(page);
  const picture = page.locator(pictures[which]);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  return picture;
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 1.75 });

  for (const locale of locales) {
    test(`the picture starts in the top 260 px, at full brightness (${locale})`, async ({
      strictPage: page,
    }) => {
      for (const path of ["/", "/archive"] as const) {
        const picture = await openWithPicture(page, path, localized(path, locale));
        const box = await picture.boundingBox();
        expect(box?.y, `${path}: the picture's top`).toBeLessThanOrEqual(260);
        await expect(picture).toHaveCSS("opacity", "1");
        expect(await layoutShifts(page, pictures[path]), `${path}: shifts`).toEqual([]);
      }
    });
  }
});

test.describe("on a 1366 px screen", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("home and archive show the picture at least 1200 px wide, from a source that sharp", async ({
    strictPage: page,
  }) => {
    for (const path of ["/", "/archive"] as const) {
      const picture = await openWithPicture(page, path, localized(path, "en"));
      const box = await picture.boundingBox();
      expect(box?.width, `${path}: the picture's width`).toBeGreaterThanOrEqual(1200);
      // The browser picks from the still's versions up to its full size.
      const sizes = await picture.getAttribute("sizes");
      const chosen = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
      expect(chosen, `${path} (sizes ${sizes})`).not.toContain("version=");
      expect(await layoutShifts(page, pictures[path]), `${path}: shifts`).toEqual([]);
    }
  });
});
