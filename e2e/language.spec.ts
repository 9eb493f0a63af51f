import { expect, hydrated, test } from "./fixtures.ts";

test("switching language keeps the page and remembers the choice for 365 days", async ({
  strictPage: page,
  context,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
  expect(await context.cookies()).toEqual([]);

  await page.getByRole("button", { name: "Italiano" }).click();
  await expect(page).toHaveURL("/it/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi siamo");

  const [cookie] = await context.cookies();
  expect(cookie?.name).toBe("lang");
  expect(cookie?.value).toBe("it");
  expect(cookie?.httpOnly).toBe(true);
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);

  await page.goto("/");
  await expect(page).toHaveURL("/it");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
});

test("the switcher works on a phone through the menu", async ({ strictPage: page }) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await page.goto("/contact");
  await hydrated(page);
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const menu = page.getByRole("dialog");
  await menu.getByRole("button", { name: "Français" }).click();
  await expect(page).toHaveURL("/fr/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
});
