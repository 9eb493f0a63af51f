import { expect, hydrated, test } from "./fixtures.ts";

// An extension's edit before hydration makes React render the document anew; inlined CSS stays.
test("a page an extension changed before hydration keeps its styles", async ({ page }) => {
  const hydrationErrors: string[] = [];
  page.on("pageerror", (error) => hydrationErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") hydrationErrors.push(message.text());
  });
  await page.route("**/en/about", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '<span class="truncate">Lake Garda Live Camera</span>',
      '<span class="truncate">Lake Garda Live Camera (translated)</span>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/en/about");
  await hydrated(page);
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
  expect(hydrationErrors.join("\n"), "the change was noticed").toMatch(/hydrat|#418|#423/i);
});
