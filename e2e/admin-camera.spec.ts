import type { Page } from "@playwright/test";
import { logIn, password, passwordLabel } from "./admin.ts";
import { waitUntilOnline } from "./box.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { connectReportingBox, type ReportingBox } from "./reporting-box.ts";

let box: ReportingBox | undefined;
test.afterEach(async () => {
  await box?.close();
  box = undefined;
});

/** The owner comes to the Camera page from the dashboard, as the statistics are reached. */
async function openCameraPage(page: Page) {
  await page.getByRole("link", { name: "Kamera", exact: true }).click();
  await expect(page).toHaveURL("/admin/camera");
  await expect(page.getByRole("heading", { name: "Kamera", level: 2 })).toBeVisible();
}

test("the owner sees the camera online with plain warnings, then offline, on a phone too", async ({
  strictPage: page,
  baseURL,
}) => {
  test.slow();
  box = await connectReportingBox(baseURL ?? "");
  box.report({
    cpuTempC: 83,
    clockSynced: null,
    power: {
      underVoltage: true,
      throttled: true,
      underVoltageOccurred: true,
      throttledOccurred: true,
    },
  });
  await logIn(page, "/admin");
  await openCameraPage(page);

  const health = page.getByRole("table");
  await expect(page.getByText(/^Online seit/)).toBeVisible();
  await expect(health.getByRole("row", { name: /Temperatur/ })).toContainText("Zu heiß");
  await expect(health.getByRole("row", { name: /Stromversorgung/ })).toContainText(
    "Verwenden Sie das offizielle Netzteil",
  );
  await expect(health.getByRole("row", { name: /Uhr/ })).toContainText(
    "von dieser Box nicht gemeldet",
  );
  await expectNoAxeViolations(page, { label: "online: " });

  await box.close();
  box = undefined;
  await waitUntilOnline(baseURL ?? "", false);
  await openCameraPage(page);
  await expect(page.getByText(/^Offline seit/)).toBeVisible();
  await expect(page.getByText("Offline: Die Box ist nicht verbunden.")).toBeVisible();
  await expect(
    page.getByRole("list").filter({ hasText: "Die Verbindung der Box endete" }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { label: "offline: " });

  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, { label: "phone: " });
});

test("the owner switches an alert off with the keyboard, and it stays off", async ({
  strictPage: page,
}) => {
  await logIn(page, "/admin");
  await openCameraPage(page);
  const card = page.getByRole("checkbox", { name: "Karte fast voll" });
  await expect(card).toBeChecked();
  await card.focus();
  await page.keyboard.press("Space");
  await expect(card).not.toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Warnungen speichern" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "Warnungen gespeichert." }),
  ).toBeVisible();
  await expectNoAxeViolations(page, { label: "saved: " });

  await page.goto("/admin/camera");
  await expect(page.getByRole("checkbox", { name: "Karte fast voll" })).not.toBeChecked();
  // The next journey finds every alert on again.
  await page.getByRole("checkbox", { name: "Karte fast voll" }).check();
  await page.getByRole("button", { name: "Warnungen speichern" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Warnungen gespeichert." }),
  ).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the alerts form saves, and says so", async ({ page }) => {
    await page.goto("/admin/login?next=%2Fadmin%2Fcamera");
    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL("/admin/camera");
    await page.getByRole("checkbox", { name: "Kein Zeitraffer" }).uncheck();
    await page.getByRole("button", { name: "Warnungen speichern" }).click();
    await expect(page.getByText("Warnungen gespeichert.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Kein Zeitraffer" })).not.toBeChecked();
    await page.getByRole("checkbox", { name: "Kein Zeitraffer" }).check();
    await page.getByRole("button", { name: "Warnungen speichern" }).click();
    await expect(page.getByRole("checkbox", { name: "Kein Zeitraffer" })).toBeChecked();
  });
});
