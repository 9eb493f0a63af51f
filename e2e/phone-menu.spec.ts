import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

/** Controls of the shell smaller than a thumb (44 × 44 px), as "name: width×height". */
async function smallTargets(page: Page, scope: string) {
  return page.locator(scope).evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a, button, input, select, [role=switch]")]
      .filter((element) => element.offsetParent !== null && !element.closest(".sr-only"))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.textContent?.trim() || element.getAttribute("aria-label")}: ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
}

test("the phone menu has every navigation item, thumb-sized, and axe finds nothing", async ({
  strictPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await page.goto("/en/gallery");
  await hydrated(page);
  expect(await smallTargets(page, "header")).toEqual([]);
  expect(await smallTargets(page, "footer")).toEqual([]);

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (const name of [
    "Home",
    "About Us",
    "Gallery",
    "Admin",
    "Contact",
    "Imprint",
    "Privacy Policy",
    "Terms & Conditions",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  expect(await smallTargets(page, "[role=dialog]")).toEqual([]);
  await expectNoAxeViolations(page, { include: "[role=dialog]" });

  await menu.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/en/privacy");
  await expect(menu).toBeHidden();
});

test("closing the phone menu gives the focus back to its button; following a link does not", async ({
  strictPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 720 });
  for (const [path, open, close, name] of [
    ["/", "Menü öffnen", "Menü schließen", "Menü"],
    ["/it/archive", "Apri menu", "Chiudi menu", "Menu"],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    const button = page.getByRole("button", { name: open });
    const menu = page.getByRole("dialog", { name });
    const closings = {
      "the Escape key": () => page.keyboard.press("Escape"),
      "the close button": () => menu.getByRole("button", { name: close }).click(),
      "a click outside": async () => {
        // The menu heeds a click outside from the task after it opens (Radix waits one, so the
        // opening click cannot close it). A person's click comes later; the browser would run
        // Playwright's input event first, ahead of that timer, so the journey lets it run.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
        await page.mouse.click(20, 400);
      },
    };
    for (const [way, closeMenu] of Object.entries(closings)) {
      await button.click();
      await expect(menu.locator(":focus"), way).toHaveCount(1);
      await closeMenu();
      await expect(menu, way).toBeHidden();
      await expect(button, way).toBeFocused();
    }
  }

  // A link opens another page: the focus does not go back to the menu button.
  await page.getByRole("button", { name: "Apri menu" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Galleria" }).click();
  await expect(page).toHaveURL("/it/gallery");
  await expect(page.getByRole("button", { name: "Apri menu" })).not.toBeFocused();
});
