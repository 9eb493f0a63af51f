import { expect, hydrated, test } from "./fixtures.ts";

test("dark mode follows the system and a stored choice, without a flash or a cookie", async ({
  strictPage: page,
  context,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/en");
  await expect(page.locator("html")).toHaveClass(/dark/);

  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/en");
  await hydrated(page);
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Colour mode: system" }).click(); // → light
  await page.getByRole("button", { name: "Colour mode: light" }).click(); // → dark
  await expect(page.locator("html")).toHaveClass(/dark/);

  // The class must be there before the first paint: check it from the very first script.
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { darkAtLoad: boolean }).darkAtLoad =
        document.documentElement.classList.contains("dark");
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtLoad: boolean }).darkAtLoad)).toBe(
    true,
  );
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(255, 255, 255)");
  expect(await context.cookies()).toEqual([]);
});
