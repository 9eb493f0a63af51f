import { expect, hydrated, test } from "./fixtures.ts";

// Translators and other browser extensions change the page before React hydrates it; React
// then renders the whole document anew. The stylesheet is inlined by the server and not in the
// JavaScript: it survives because React keeps a document's style elements.
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
  // The header's own styles: sticky, over a white background.
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
  expect(hydrationErrors.join("\n"), "the change was noticed").toMatch(/hydrat|#418|#423/i);
});
