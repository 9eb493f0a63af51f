import type { Page } from "@playwright/test";
import { addDays } from "#time/calendar-day.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

// Then and now (issue 37): a still beside the same time earlier, in one slider.

async function axeClean(page: Page, state: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, { label: `${state}, ${colorScheme}: ` });
  }
}

/** The newest still's address, as the archive's own compare link names it. */
async function newestAddress(page: Page) {
  await page.goto("/en/archive");
  await hydrated(page);
  const href = await page.getByRole("link", { name: "The day before" }).getAttribute("href");
  return new URL(href ?? "", "http://x").searchParams.get("at") ?? "";
}

test("a visitor compares a still with the day before by keyboard and shares the pair (en)", async ({
  strictPage: page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const now = await newestAddress(page);
  await page.getByRole("link", { name: "The day before" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?at=${now}&vs=${addDays(now.slice(0, 10), -1)}T`));

  const slider = page.getByRole("slider", { name: "Compare the pictures" });
  await expect(slider).toHaveAttribute("aria-valuetext", /^50%\s.+ · 50%\s.+$/);
  await expect(page.getByText(/^Then:/)).toBeVisible();
  await axeClean(page, "compared at 50 %");
  // The handle follows the keys; arrows move the split, not the archive's steps.
  const box = await page.locator("figure").first().boundingBox();
  const handle = page.locator("figure [aria-hidden=true]").first();
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", /^51%/);
  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuetext", /^100%\s.+ · 0%\s.+$/);
  await expect(page).toHaveURL(/&vs=/);
  await expect
    .poll(async () => Math.round((await handle.boundingBox())?.x ?? 0))
    .toBeGreaterThanOrEqual(Math.round((box?.x ?? 0) + (box?.width ?? 0) - 2));
  await axeClean(page, "compared at 100 %");

  // Without the Web Share API the address is copied, and said to be.
  await page.getByRole("button", { name: "Share this comparison" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toBe(page.url());
  const other = await context.newPage();
  await other.goto(shared);
  await expect(other.getByRole("slider", { name: "Compare the pictures" })).toBeVisible();
  await expect(other.locator("figure img")).toHaveCount(2);
  await other.close();

  await page.getByRole("link", { name: "Show only this picture" }).click();
  await expect(page).toHaveURL(`/en/archive?at=${now}`);
});

test("a moment without a picture says so and offers the nearest (en)", async ({
  strictPage: page,
}) => {
  const now = await newestAddress(page);
  // The demo archive has no stills from three to six days ago.
  const gap = `${addDays(now.slice(0, 10), -4)}T12:00`;
  await page.goto(`/en/archive?at=${now}&vs=${gap}`);
  await hydrated(page);
  await expect(
    page.getByText(/^There is no picture from .+\. The nearest is from .+\.$/),
  ).toBeVisible();
  await axeClean(page, "no picture to compare with");
  await page.getByRole("link", { name: /^Compare with / }).click();
  await expect(page).toHaveURL(/&vs=/);
  await expect(page.getByRole("slider", { name: "Compare the pictures" })).toBeVisible();
});
