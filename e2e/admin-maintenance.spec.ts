import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

test.use({ expectedStatuses: [401] });

// The preview reads the same local secrets as `npm run dev` (copied from the example).
const password = /ADMIN_PASSWORD="([^"]+)"/.exec(readFileSync(".dev.vars", "utf8"))?.[1] ?? "";
const passwordLabel = "Bitte geben Sie das Passwort für den Admin-Zugang ein";

test("the owner switches maintenance on and off; visitors see the overlay meanwhile", async ({
  strictPage: page,
  browser,
}) => {
  await page.goto("/admin");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.getByLabel(passwordLabel).fill("wrong-password");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText("Falsches Passwort");

  await page.getByLabel(passwordLabel).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  const toggle = page.getByRole("switch", { name: "Wartungsmodus" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await toggle.click();
  try {
    await expect(toasts.getByText("Wartungsmodus wurde aktiviert")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-checked", "true");

    const visitor = await browser.newPage({ locale: "en-GB" });
    const response = await visitor.goto("/en/gallery");
    expect(response?.status()).toBe(503);
    const overlay = visitor.getByRole("alertdialog", { name: "Work in progress" });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText("Thank you for your patience!");
    const box = await overlay.boundingBox();
    const viewport = visitor.viewportSize();
    expect(box).toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
    await visitor.close();

    await page.reload();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await toggle.click();
    await expect(toasts.getByText("Wartungsmodus wurde deaktiviert")).toBeVisible();
    expect((await page.request.get("/en/gallery")).status()).toBe(200);
  } finally {
    // Whatever failed above, leave the shared local site live for the other journeys.
    await page.request.post("/admin", { form: { intent: "maintenance", enabled: "off" } });
  }

  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByLabel(passwordLabel)).toBeVisible();
});
