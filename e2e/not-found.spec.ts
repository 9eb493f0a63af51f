import { expect, hydrated, test } from "./fixtures.ts";

test.use({ expectedStatuses: [404] });

test("an unknown address shows the 404 page with a way home", async ({ strictPage: page }) => {
  const response = await page.goto("/es/no/existe/nada");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await hydrated(page);
  await page.locator("main").getByRole("link").click();
  await expect(page).toHaveURL("/es");
});

test("the German 404 says the page does not exist or was moved", async ({ strictPage: page }) => {
  const response = await page.goto("/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Seite nicht gefunden: /gibt-es-nicht",
  );
  await expect(page.getByText("existiert nicht oder wurde verschoben")).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toHaveAttribute(
    "href",
    "/",
  );
});
