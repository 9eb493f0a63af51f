import type { Browser, Page } from "@playwright/test";
import { logIn, password, passwordLabel } from "./admin.ts";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

test.use({ expectedStatuses: [401] });

/** The owner, in another browser, presses "log out everywhere": every session ends. */
async function logOutEverywhereFromAnotherBrowser(browser: Browser) {
  const otherBrowser = await browser.newContext();
  const other = await otherBrowser.newPage();
  await logIn(other);
  await other.getByRole("button", { name: "Überall abmelden" }).click();
  await expect(other.getByLabel(passwordLabel)).toBeVisible();
  await otherBrowser.close();
}

/** Whatever failed, the shared local site stays live for the other journeys. */
async function leaveTheSiteLive(page: Page) {
  await page.request.post("/admin/maintenance", {
    form: { intent: "maintenance", enabled: "off" },
  });
}

async function expectFocusToStayOnOverlay(page: Page) {
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    const escaped = await page.evaluate(() => {
      const active = document.activeElement;
      const overlay = document.querySelector('[role="alertdialog"]');
      if (!active || active === document.body || overlay?.contains(active)) return null;
      return active.outerHTML.slice(0, 120);
    });
    expect(escaped, `${key} reached the page under the overlay`).toBeNull();
  }
}

test("the owner switches maintenance on and off without a reload; visitors meet an overlay that holds focus", async ({
  strictPage: page,
  browser,
}) => {
  // Two browsers and an axe run: more than the default 30 s on a busy machine.
  test.slow();
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/login?next=%2Fadmin");
  await hydrated(page);
  await page.getByLabel(passwordLabel).fill("wrong-password");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText("Falsches Passwort");

  await page.getByLabel(passwordLabel).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL("/admin");
  await page.getByRole("link", { name: "Wartung" }).click();
  const toggle = page.getByRole("switch", { name: "Wartungsmodus" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");

  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await toggle.focus();
  await page.keyboard.press("Space");
  try {
    await expect(toasts.getByText("Wartungsmodus wurde aktiviert")).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    // The keyboard's place survives the request: Space again would switch it back.
    await expect(toggle).toBeFocused();
    // The owner's own page revalidated without the overlay: the switch stays in reach.
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    const visitorBrowser = await browser.newContext({ locale: "en-GB" });
    const visitor = await visitorBrowser.newPage();
    const response = await visitor.goto("/en/gallery");
    expect(response?.status()).toBe(503);
    await hydrated(visitor);
    const overlay = visitor.getByRole("alertdialog", { name: "Work in progress" });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText("Thank you for your patience!");
    await expect(overlay).toBeFocused();
    const box = await overlay.boundingBox();
    const viewport = visitor.viewportSize();
    expect(box).toEqual({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
    await expectFocusToStayOnOverlay(visitor);
    await expectNoAxeViolations(visitor);
    await visitorBrowser.close();

    await toggle.click();
    await expect(toasts.getByText("Wartungsmodus wurde deaktiviert")).toBeVisible();
    expect((await page.request.get("/en/gallery")).status()).toBe(200);
  } finally {
    await leaveTheSiteLive(page);
  }

  await page.getByRole("button", { name: "Abmelden", exact: true }).click();
  await expect(page.getByLabel(passwordLabel)).toBeVisible();
});

test("logging in while maintenance is on lands on a dashboard whose switch works", async ({
  strictPage: page,
}) => {
  await logIn(page);
  const toggle = page.getByRole("switch", { name: "Wartungsmodus" });
  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await toggle.click();
  try {
    await expect(toasts.getByText("Wartungsmodus wurde aktiviert")).toBeVisible();
    await page.getByRole("button", { name: "Abmelden", exact: true }).click();
    await expect(page.getByLabel(passwordLabel)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("heading", { name: "Admin-Dashboard" })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("link", { name: "Wartung" }).click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toasts.getByText("Wartungsmodus wurde deaktiviert")).toBeVisible();
  } finally {
    await leaveTheSiteLive(page);
  }
});

test("after 'log out everywhere', the other browser's switch says the session ended and offers a new login", async ({
  strictPage: page,
  browser,
}) => {
  await logIn(page);

  await logOutEverywhereFromAnotherBrowser(browser);

  await page.getByRole("switch", { name: "Wartungsmodus" }).click();
  const toast = page.getByRole("region", { name: /Benachrichtigungen/ }).getByRole("listitem");
  await expect(toast).toContainText("Wartungsmodus konnte nicht umgeschaltet werden");
  await expect(toast).toContainText(
    "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  );
  await toast.getByRole("button", { name: "Erneut anmelden" }).click();
  await expect(page.getByLabel(passwordLabel)).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  );
  expect(await (await page.request.get("/api/settings")).json()).toEqual({ maintenance: false });
});

test("after 'log out everywhere', the other browser's content list says the session ended and leads to the login", async ({
  strictPage: page,
  browser,
}) => {
  await logIn(page, "/admin");
  await logOutEverywhereFromAnotherBrowser(browser);

  await page.getByLabel("Inhalte durchsuchen").fill("Malcesine");
  const alert = page.getByRole("alert").filter({ hasText: "Ihre Sitzung ist abgelaufen" });
  await expect(alert).toBeVisible();
  // Asking the list again would be refused again: the way out is the login.
  await expect(alert.getByRole("button", { name: "Erneut versuchen" })).toHaveCount(0);
  await alert.getByRole("button", { name: "Erneut anmelden" }).click();
  await expect(page.getByLabel(passwordLabel)).toBeVisible();
});
