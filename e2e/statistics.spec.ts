import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures.ts";

// A user agent no other journey uses: a new visitor of the day whatever ran before.
const visitorAgent = `Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.${Date.now() % 100_000}.0 Mobile Safari/537.36`;
test.use({ userAgent: visitorAgent, viewport: { width: 360, height: 780 } });

const password = /ADMIN_PASSWORD="([^"]+)"/.exec(readFileSync(".dev.vars", "utf8"))?.[1] ?? "";
const passwordLabel = "Bitte geben Sie das Passwort für den Admin-Zugang ein";

async function ownerOnStatistics(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const owner = await context.newPage();
  await owner.goto("/admin");
  await hydrated(owner);
  await owner.getByLabel(passwordLabel).fill(password);
  await owner.getByRole("button", { name: "Anmelden" }).click();
  await expect(owner.getByRole("heading", { name: "Admin-Dashboard" })).toBeVisible();
  await owner.getByRole("link", { name: "Besucherstatistik" }).click();
  await expect(owner.getByRole("heading", { name: "Statistik" })).toBeVisible();
  return owner;
}

async function today(owner: Page) {
  const figures = owner.getByRole("region", { name: "Heute" });
  const figure = async (label: string) => {
    const text = await figures.locator("dt", { hasText: label }).locator("+ dd").textContent();
    return Number(text?.replace(/\D/g, ""));
  };
  return { visitors: await figure("Besucher"), views: await figure("Seitenaufrufe") };
}

test("browsing five pages adds five page views and one visitor to the owner's statistics, without a cookie", async ({
  strictPage: visitor,
  browser,
}) => {
  test.slow();
  const owner = await ownerOnStatistics(browser);
  const before = await today(owner);

  // A network of its own: one counts as five visitors a day at most, and journeys share one.
  const network = Math.floor(Math.random() * 0xffff).toString(16);
  await visitor.setExtraHTTPHeaders({ "CF-Connecting-IP": `2001:db8:${network}::1` });
  let beacons = 0;
  visitor.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname === "/api/beacon") beacons += 1;
  });
  await visitor.goto("/");
  await hydrated(visitor);
  const menu = visitor.getByRole("button", { name: /Menü/ });
  for (const [link, heading] of [
    ["Über uns", "Über uns"],
    ["Galerie", "Galerie"],
    ["Kontakt", "Kontakt"],
  ]) {
    await menu.click();
    await visitor.getByRole("dialog").getByRole("link", { name: link, exact: true }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await visitor
    .getByRole("contentinfo")
    .getByRole("link", { name: "Datenschutzerklärung" })
    .click();
  await expect(
    visitor.getByRole("heading", { level: 1, name: "Datenschutzerklärung" }),
  ).toBeVisible();
  // The Worker counted each page from its own request: no beacon.
  expect(beacons).toBe(0);
  expect(await visitor.context().cookies()).toEqual([]);
  expect(await visitor.evaluate(() => Object.keys(localStorage))).toEqual([]);

  // Counted once each answer was sent: the owner's page shows them when next loaded.
  await expect
    .poll(async () => {
      await owner.reload();
      await expect(owner.getByRole("heading", { name: "Statistik" })).toBeVisible();
      return today(owner);
    })
    .toEqual({ visitors: before.visitors + 1, views: before.views + 5 });
  const pages = owner.getByRole("region", { name: "Meistbesuchte Seiten" });
  for (const path of ["/", "/about", "/gallery", "/contact", "/privacy"]) {
    await expect(pages.getByRole("rowheader", { name: path, exact: true })).toBeVisible();
  }
  await expect(
    owner.getByRole("region", { name: "Geräte" }).getByRole("rowheader", { name: "Smartphones" }),
  ).toBeVisible();

  await owner.getByText("Als Tabelle anzeigen").focus();
  await owner.keyboard.press("Enter");
  await expect(
    owner.getByRole("table", { name: "Seitenaufrufe und Besucher pro Tag" }),
  ).toBeVisible();

  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(owner);
  await owner.context().close();
});

test("the owner sees today's use of Cloudflare's daily allowances, and reaches what it counts by keyboard", async ({
  browser,
}) => {
  const owner = await ownerOnStatistics(browser);
  const budget = owner.getByRole("region", { name: "Cloudflare-Kontingent heute" });
  const requests = budget.getByRole("meter", { name: "Worker-Anfragen" });
  await expect(requests).toHaveAttribute("max", "100000");
  // The Worker has counted at least the owner's own visit so far.
  expect(Number(await requests.getAttribute("value"))).toBeGreaterThan(0);
  await expect(requests).toHaveAttribute("aria-valuetext", /^[\d.]+ von 100\.000 \([\d,]+\s%\)$/);
  for (const [name, max] of [
    ["D1-Zeilen geschrieben", "100000"],
    ["D1-Zeilen gelesen", "5000000"],
    ["Durable-Object-Anfragen", "100000"],
  ] as const) {
    await expect(budget.getByRole("meter", { name })).toHaveAttribute("max", max);
  }

  const counted = budget.getByText("Was gezählt wird");
  await owner.getByRole("link", { name: "Besucherstatistik" }).focus();
  for (let presses = 0; presses < 30; presses++) {
    if (await counted.evaluate((summary) => summary === document.activeElement)) break;
    await owner.keyboard.press("Tab");
  }
  await expect(counted).toBeFocused();
  await owner.keyboard.press("Enter");
  await expect(budget.getByText(/höchstens einmal pro Minute/)).toBeVisible();

  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(owner);
  await owner.context().close();
});

test("a sampled page load's Web Vitals reach the owner's statistics as steps when the visitor leaves, and the library comes only with an input", async ({
  strictPage: visitor,
  browser,
}) => {
  const owner = await ownerOnStatistics(browser);
  const vitals = owner.getByRole("region", {
    name: "Seitengeschwindigkeit in den Browsern der Besucher",
  });
  const row = (name: string) => vitals.getByRole("row", { name: new RegExp(`^${name}`) });
  const count = async (name: string) =>
    Number((await row(name).getByRole("cell").first().textContent())?.replace(/\D/g, ""));
  const measured = async () => ({
    loads: await count("Gemessene Seitenladevorgänge"),
    withInput: await count("Davon mit einer Eingabe"),
  });
  const before = await measured();

  // The journeys' Worker samples every page load (SPEED_SAMPLE_PERCENT 100, playwright.config.ts).
  const library: string[] = [];
  visitor.on("request", (request) => {
    if (/\/assets\/web-vitals[^/]*\.js$/.test(request.url())) library.push(request.url());
  });
  await visitor.goto("/");
  await hydrated(visitor);
  await visitor.waitForLoadState("networkidle");
  expect(library).toEqual([]);
  const loaded = visitor.waitForResponse((response) => library.includes(response.url()));
  await visitor.keyboard.press("Tab");
  await loaded;
  await visitor.getByRole("button", { name: /Menü/ }).click();
  await expect(visitor.getByRole("dialog")).toBeVisible();
  await visitor.keyboard.press("Escape");
  await expect(visitor.getByRole("dialog")).toHaveCount(0);
  // Leaving hides the page: its beacon goes as it unloads (Playwright sees no request of a page
  // it has left, so the owner's page is the proof; web-vitals-report.test.ts checks the body).
  await visitor.goto("about:blank");

  await expect
    .poll(async () => {
      await owner.reload();
      return measured();
    })
    .toEqual({ loads: before.loads + 1, withInput: before.withInput + 1 });
  const step = (unit: string) => new RegExp(`^(bis|über) \\d+(,\\d+)?\\s${unit}$`);
  await expect(row("Anzeige des größten Elements").getByRole("cell").first()).toHaveText(
    step("Sek\\."),
  );
  await expect(row("Reaktion auf Eingaben").getByRole("cell").first()).toHaveText(step("ms"));
  await expect(row("Layoutverschiebung").getByRole("cell").first()).toHaveText(
    /^(bis|über) 0,\d+$/,
  );
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(owner);
  await owner.context().close();
});
