import type { Page } from "@playwright/test";
import { STILL_SLOT_MS } from "#protocol/still-upload.ts";
import { addDays } from "#time/calendar-day.ts";
import { DAY_MS } from "#time/durations.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { logIn } from "./admin.ts";
import { sendStill } from "./box-still.ts";
import { expect, expectNoAxeViolations, hydrated, locales, localized, test } from "./fixtures.ts";
import { expectSmallestSharpVersions } from "./pictures.ts";

/** The archive's address of a moment: its slot's lake-time wall clock, as the page writes it. */
const at = (instant: number) =>
  lakeWallClock(instant - (instant % STILL_SLOT_MS)).replace("+", "%2B");
/** The same time of day on the day before: 23 or 25 hours back when the clocks change. */
const theDayBefore = (address: string) =>
  `${addDays(address.slice(0, 10), -1)}${address.slice(10, 16)}`;

/** In both colour schemes: the archive's greys must read on white and on the dark page. */
async function axeClean(page: Page, state: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, { label: `${state}, ${colorScheme}: ` });
  }
}

const mainStill = (page: Page) => page.locator("figure img").first();

// Two stills of the box, backfilled two hours late (so without weather), ten minutes apart.
const now = Date.now();
const moment = now - 2 * 3_600_000;
const before = moment - STILL_SLOT_MS;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ baseURL }) => {
  await sendStill(baseURL ?? "", "storm", before);
  await sendStill(baseURL ?? "", "night", moment);
});

test("a visitor steps, scrubs, compares and shares stills (en)", async ({ strictPage: page }) => {
  test.slow();
  await page.goto(`/en/archive?at=${at(moment)}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Archive" })).toBeVisible();
  await expect(mainStill(page)).toHaveAttribute("fetchpriority", "high");
  await expect(mainStill(page)).toHaveAttribute("width", "1280");
  await expect(page.getByText("No weather was recorded for this moment.")).toBeVisible();
  await axeClean(page, "a backfilled still");

  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(`/en/archive?at=${at(before)}`);
  await page.getByRole("link", { name: "10 min later" }).click();
  await expect(page).toHaveURL(`/en/archive?at=${at(moment)}`);
  // A key steps from the picture on show: wait until it shows.
  await expect(page.locator('main a[rel="next"]')).toHaveAttribute(
    "href",
    `/en/archive?at=${at(moment + STILL_SLOT_MS)}`,
  );
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(`/en/archive?at=${at(moment + STILL_SLOT_MS)}`);
  await expect(page.getByText("Air")).toBeVisible();
  await axeClean(page, "a still with its weather");

  await page.getByRole("link", { name: "Same time yesterday" }).click();
  await expect(page).toHaveURL(`/en/archive?at=${theDayBefore(at(moment + STILL_SLOT_MS))}`);
  await page.getByRole("link", { name: "A week ago" }).click();
  await expect(page).toHaveURL(/\/en\/archive\?at=\d{4}-\d\d-\d\dT\d\d:\d0$/);
  await expect(page).not.toHaveURL(`/en/archive?at=${theDayBefore(at(moment + STILL_SLOT_MS))}`);
  await page.goBack();
  await expect(page).toHaveURL(`/en/archive?at=${theDayBefore(at(moment + STILL_SLOT_MS))}`);
  // The demo keeps last year's stills because they are marked best of.
  await page.getByRole("link", { name: "A year ago" }).click();
  await expect(page.getByText("Best of", { exact: true })).toBeVisible();
  // Two years back there is nothing: the jump is shown, disabled, and explained.
  const twoYears = page.getByText("A year ago", { exact: true });
  await expect(twoYears).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText(/no picture from within half an hour/)).toBeVisible();
  await axeClean(page, "a year ago, nothing before");

  const day = at(moment - DAY_MS).slice(0, 10);
  await page.goto(`/en/archive?day=${day}`);
  await hydrated(page);
  await expect(
    page.getByRole("link", { name: new RegExp(`${Number(day.slice(8))},`) }).first(),
  ).toBeVisible();
  await expect(page.locator('a[aria-current="date"]')).toHaveAttribute(
    "href",
    `/en/archive?day=${day}`,
  );

  await page.getByRole("link", { name: "8 AM" }).click();
  await expect(page).toHaveURL(`/en/archive?at=${day}T08:00`);
  // The address changes before the page shows 8:00; until then the slider is still at the day's
  // last picture, where → does nothing.
  const scrubber = page.getByRole("slider", { name: /Time of day/ });
  await expect(scrubber).toHaveAttribute("aria-valuetext", /^8:00\sAM$/);
  await scrubber.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(`/en/archive?at=${day}T08:10`);
  await expect(scrubber).toBeFocused();
  // The value text says the time, once: the time shown beside the name is no live region.
  await expect(scrubber).toHaveAttribute("aria-valuetext", /^8:10\sAM$/);
  await expect(scrubber).toHaveAccessibleName("Time of day");
  await expect(
    page.getByRole("navigation", { name: "Browse the archive" }).getByRole("status"),
  ).toHaveCount(0);
  await page.keyboard.press("Home");
  await expect(page).toHaveURL(`/en/archive?at=${day}T00:00`);
  await axeClean(page, "scrubbed to midnight");

  // The address is the still: opened afresh, it shows the same picture, to link previews its card.
  const src = await mainStill(page).getAttribute("src");
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(mainStill(other)).toHaveAttribute("src", src ?? "");
  await expect(other.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`${src?.replaceAll(/[.?]/g, "\\$&")}&version=card$`),
  );
  await other.close();

  await page.goto("/en/archive?day=2001-01-01");
  await expect(page.getByRole("heading", { name: /No pictures on/ })).toBeVisible();
  await axeClean(page, "a day without pictures");
});

test("reaching the newest still or the last month keeps the focus on the link that got there", async ({
  strictPage: page,
}) => {
  await page.goto("/en/archive");
  await hydrated(page);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/\?at=/);
  const later = page.getByRole("link", { name: "10 min later" });
  // A box the other lane starts sends a still at once, which may become the newest mid-journey.
  await expect(async () => {
    await later.press("Enter");
    await expect(later).toHaveAttribute("aria-disabled", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(later).toBeFocused();
  await expect(later).not.toHaveAttribute("href");
  const newest = page.url();
  await later.press("Enter");
  await expect(page).toHaveURL(newest);

  await page.getByRole("link", { name: "Previous month" }).click();
  await expect(page).toHaveURL(/month=/);
  const nextMonth = page.getByRole("link", { name: "Next month" });
  // Shown, the last month's page leads on (the address changes before it is drawn).
  await expect(nextMonth).toHaveAttribute("href", /month=/);
  await nextMonth.press("Enter");
  await expect(nextMonth).toHaveAttribute("aria-disabled", "true");
  await expect(nextMonth).not.toHaveAttribute("href");
  await expect(nextMonth).toBeFocused();
  await axeClean(page, "the end of the range");
});

test("at 320 px every archive control is at least 44 px", async ({ strictPage: page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/en/archive?at=${at(moment)}`);
  await hydrated(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Disabled steps and hours keep the size of the links they stand for.
  const targets = page.locator('main a, main button, main input, main [aria-disabled="true"]');
  const boxes = await targets.evaluateAll((elements) =>
    elements
      .filter((e) => e.closest("p") === null) // links inside a sentence are exempt
      .map((e) => {
        const r = e.getBoundingClientRect();
        return { what: e.outerHTML.slice(0, 80), width: r.width, height: r.height };
      }),
  );
  expect(boxes.length).toBeGreaterThan(30);
  for (const box of boxes) {
    expect(Math.min(box.width, box.height), box.what).toBeGreaterThanOrEqual(44);
  }
});

test("at 1280 px the calendar's days fit their columns, apart from each other", async ({
  strictPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/en/archive?at=${at(moment)}`);
  await hydrated(page);
  const calendar = page.getByRole("table", { name: /^Days with pictures in / });
  const days = await calendar.locator("td > *").evaluateAll((cells) =>
    cells.map((cell) => {
      const own = cell.getBoundingClientRect();
      const column = (cell.parentElement as HTMLElement).getBoundingClientRect();
      return {
        day: cell.textContent,
        left: own.left - column.left,
        right: column.right - own.right,
      };
    }),
  );
  expect(days.length).toBeGreaterThanOrEqual(28);
  for (const { day, left, right } of days) {
    expect(Math.min(left, right), `day ${day}`).toBeGreaterThanOrEqual(0);
  }
});

test.describe("on a phone", () => {
  // Lighthouse's phone: 412 px at a pixel ratio of 1.75.
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test("the hour's small pictures are the thumbnails the box sent, not whole stills", async ({
    strictPage: page,
  }) => {
    await page.goto(`/en/archive?at=${at(moment)}`);
    await hydrated(page);
    const hour = page.getByRole("heading", { name: "This hour" }).locator("xpath=..");
    await hour.scrollIntoViewIfNeeded();
    // Every still of the hour came with its smaller versions (the box's and the demo's).
    await expect(hour.locator("img")).not.toHaveCount(0);
    await expect(page.locator("main img:not([srcset])")).toHaveCount(0);
    await expectSmallestSharpVersions(page.locator("main img"), 3);
  });
});

/** The tip about the arrow keys: every language's says "← … →". */
const keyboardTip = (page: Page) => page.locator("main p", { hasText: /←.*→/ });

test("with a mouse, the archive tells about the arrow keys, in every language", async ({
  strictPage: page,
}) => {
  for (const locale of locales) {
    await page.goto(localized(`/archive?at=${at(moment)}`, locale));
    await expect(keyboardTip(page), locale).toBeVisible();
  }
});

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test("the archive gives no tip about arrow keys, and leaves no gap for it", async ({
    strictPage: page,
  }) => {
    for (const locale of locales) {
      await page.goto(localized(`/archive?at=${at(moment)}`, locale));
      await expect(keyboardTip(page), locale).toBeHidden();
      // The step links' row is no taller than its links.
      const step = page.locator('main a[rel="prev"]');
      const [row, link] = await Promise.all([step.locator("..").boundingBox(), step.boundingBox()]);
      expect(row?.height, locale).toBe(link?.height);
    }
  });
});

test("the owner marks a still best of and deletes it from the page (de)", async ({
  strictPage: page,
  baseURL,
}) => {
  await logIn(page);
  await page.goto(`/archive?at=${at(before)}`);
  await hydrated(page);
  const owner = page.getByRole("region", { name: "Betreiber" });
  const bestOf = owner.getByRole("button", { name: "Best of: für immer behalten" });
  await expect(bestOf).toHaveAttribute("aria-pressed", "false");
  await bestOf.click();
  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await expect(toasts.getByText("Erfolgreich aktualisiert")).toBeVisible();
  await expect(bestOf).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("figcaption").getByText("Best of")).toBeVisible();
  await axeClean(page, "the owner's controls");

  const src = (await mainStill(page).getAttribute("src")) ?? "";
  await owner.getByRole("button", { name: "Bild löschen" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Diesen Eintrag löschen?" });
  await axeClean(page, "confirming a delete");
  await confirm.getByRole("button", { name: "Abbrechen" }).click();
  await expect(confirm).toBeHidden();
  expect((await fetch(`${baseURL}${src}`)).status).toBe(200);

  await owner.getByRole("button", { name: "Bild löschen" }).click();
  await confirm.getByRole("button", { name: "Löschen" }).click();
  await expect(toasts.getByText("Erfolgreich gelöscht")).toBeVisible();
  await expect(page).toHaveURL(`/archive?at=${at(moment)}`);
  expect((await fetch(`${baseURL}${src}`)).status).toBe(404);
  await page.goto(`/archive?at=${at(before)}`);
  await expect(
    page.getByRole("heading", { name: "Dieses Bild ist nicht mehr im Archiv" }),
  ).toBeVisible();
  await axeClean(page, "a removed still's address");
});

test.describe("a session that ends while the owner is on the archive", () => {
  test.use({ expectedStatuses: [401] });

  test("is said, with the way to log in again (de)", async ({ strictPage: page }) => {
    await logIn(page);
    await page.goto(`/archive?at=${at(moment)}`);
    await hydrated(page);
    // Here its cookie is gone; "log out everywhere" or 8 hours end it the same way.
    await page.context().clearCookies({ name: "__Host-admin_session" });
    await page
      .getByRole("region", { name: "Betreiber" })
      .getByRole("button", { name: "Best of: für immer behalten" })
      .click();
    const toast = page
      .getByRole("region", { name: /Benachrichtigungen/ })
      .getByRole("listitem")
      .filter({ hasText: "Aktualisierung fehlgeschlagen" });
    await expect(toast).toContainText(
      "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
    );
    await toast.getByRole("button", { name: "Erneut anmelden" }).click();
    await expect(page).toHaveURL("/admin/login?expired=1");
    await expect(page.getByRole("alert")).toHaveText(
      "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
    );
  });
});

test("visitors never load the owner's code", async ({ strictPage: page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(`/archive?at=${at(moment)}`);
  await hydrated(page);
  await expect(page.getByRole("region", { name: "Betreiber" })).toHaveCount(0);
  expect(scripts.filter((url) => /still-owner-controls|admin/.test(url))).toEqual([]);
});

for (const locale of locales) {
  test(`the archive speaks ${locale}`, async ({ strictPage: page }) => {
    const titles = { de: "Archiv", en: "Archive", it: "Archivio", fr: "Archives", es: "Archivo" };
    await page.goto(localized("/archive", locale));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[locale]);
    await expect(page.locator("figure img").first()).toBeVisible();
  });
}
