import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { logIn } from "./admin.ts";
import { d1 } from "./d1.ts";
import { expect, expectNoAxeViolations, hydrated, locales, localized, test } from "./fixtures.ts";

const password = /ADMIN_PASSWORD="([^"]+)"/.exec(readFileSync(".dev.vars", "utf8"))?.[1] ?? "";
const passwordLabel = "Bitte geben Sie das Passwort für den Admin-Zugang ein";

// The rows a journey adds leave with it, passed or failed: the gallery's journeys count items.
const inserted: string[] = [];
test.afterEach(() => {
  if (inserted.length === 0) return;
  d1(`delete from media where id in (${inserted.map((id) => `'${id}'`).join(", ")});`);
  inserted.length = 0;
});

/** Rows sharing the demo photo's files, which their deletion must leave in place. */
function insertItems(token: string, ids: string[]) {
  inserted.push(...ids);
  d1(
    ids
      .map(
        (id, i) => `insert into media (id, type, title_en, status, taken_at, created_at, file_key,
      thumbnail_key, content_type, byte_size, width, height)
      select '${id}', 'image', 'Harbour ${token} ${i}', '${i === 0 ? "draft" : "published"}',
      ${Date.UTC(2026, 5, 1) + i * 3_600_000}, created_at, file_key, thumbnail_key,
      content_type, byte_size, width, height from media where id = 'demo-noon';`,
      )
      .join("\n"),
  );
}

/** Ends this browser's session as 8 hours would (row gone, cookie kept); the other lane's stay. */
async function endThisSession(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-admin_session");
  const payload = cookie?.value.split(".")[1] ?? "";
  const { sub } = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub: string };
  d1(`delete from admin_sessions where id = '${sub}'`);
}

test("the owner edits, translates, publishes, hides, features, retypes and bulk-manages items", async ({
  strictPage: page,
}) => {
  test.slow();
  const token = `t${Date.now().toString(36)}`;
  const [edited, second, third, fourth] = ["a", "b", "c", "d"].map((s) => `e2e-${token}-${s}`);
  insertItems(token, [edited ?? "", second ?? "", third ?? "", fourth ?? ""]);

  await page.goto("/admin");
  await hydrated(page);
  await page.getByLabel(passwordLabel).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Inhalte" })).toBeVisible();
  await page.getByLabel("Inhalte durchsuchen").fill(token);
  const rows = page
    .getByRole("region", { name: "Inhalte" })
    .getByRole("listitem")
    .filter({ hasText: token });
  await expect(rows).toHaveCount(4);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: `„Harbour ${token} 0“ bearbeiten` }).click();
  const editor = page.getByRole("dialog");
  await editor.getByRole("tab", { name: "English" }).click();
  const englishTitle = `Evening ferry at Malcesine ${token}`;
  await editor.getByLabel("Titel").fill(englishTitle);
  await editor.getByLabel("Beschreibung").fill("The ferry leaves Torri del Benaco on Lake Garda");
  await editor.getByLabel("Ausgangssprache", { exact: true }).selectOption("en");
  await editor.getByRole("button", { name: "Leere Sprachen ausfüllen" }).click();
  await editor.getByRole("tab", { name: "Italiano" }).click();
  await expect(editor.getByLabel(/Titel/)).toHaveValue(`${englishTitle} (it)`);
  await expect(editor.getByLabel(/Beschreibung/)).toHaveValue(
    "The ferry leaves Torri del Benaco on Lago di Garda (it)",
  );
  const marks = editor.getByText("Maschinell übersetzt", { exact: true });
  await expect(marks).toHaveCount(2);
  // The owner's own wording is no longer the machine's.
  await editor
    .getByLabel(/Beschreibung/)
    .fill("Il traghetto lascia Torri del Benaco sul Lago di Garda");
  await expect(marks).toHaveCount(1);
  await editor.getByLabel("Status").selectOption("published");
  await expectNoAxeViolations(page);
  await editor.getByRole("button", { name: "Speichern" }).click();
  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await expect(toasts.getByText("Erfolgreich aktualisiert")).toBeVisible();
  await expect(editor).toHaveCount(0);

  for (const [prefix, suffix] of [
    ["", "de"],
    ["/en", ""],
    ["/it", "it"],
    ["/fr", "fr"],
    ["/es", "es"],
  ]) {
    const title = suffix ? `${englishTitle} (${suffix})` : englishTitle;
    const gallery = await page.request.get(`${prefix}/gallery?q=${token}`);
    expect(await gallery.text(), prefix || "/").toContain(title);
  }

  const row = rows.filter({ hasText: englishTitle });
  await row.getByRole("button", { name: "Ausblenden" }).press("Enter");
  await expect(row.getByText("Ausgeblendet")).toBeVisible();
  // The keyboard's place survives the request: the button now offers to show it again.
  await expect(row.getByRole("button", { name: "anzeigen" })).toBeFocused();
  expect((await page.request.get(`/en/gallery/${edited}`)).status()).toBe(404);
  expect(await (await page.request.get(`/en/gallery?q=${token}`)).text()).not.toContain(
    englishTitle,
  );

  await row.getByRole("button", { name: "Hervorheben" }).click();
  await expect(row.getByText("Hervorgehoben")).toBeVisible();
  await row.getByRole("combobox").selectOption("video");
  await expect(toasts.getByText("Erfolgreich aktualisiert").last()).toBeVisible();
  await expect(row.locator("p").getByText("Video", { exact: true })).toBeVisible();

  // Deleting a row hands the focus to the same button in the row that takes its place.
  await rows
    .filter({ hasText: `Harbour ${token} 3` })
    .getByRole("button", { name: "löschen" })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Löschen" }).click();
  await expect(rows).toHaveCount(3);
  await expect(
    rows.filter({ hasText: `Harbour ${token} 2` }).getByRole("button", { name: "löschen" }),
  ).toBeFocused();

  await rows.first().getByRole("checkbox").click();
  await rows
    .last()
    .getByRole("checkbox")
    .click({ modifiers: ["Shift"] });
  await expect(page.getByText("3 Einträge ausgewählt")).toBeVisible();
  await page.getByRole("button", { name: "Auswahl ausblenden" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("3 Einträge in der Galerie ausblenden?");
  await confirm.getByRole("button", { name: "Ausblenden" }).click();
  await expect(toasts.getByText("Ausgewählte Einträge erfolgreich aktualisiert")).toBeVisible();
  await expect(rows.getByText("Ausgeblendet")).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Auswahl ausblenden" })).toBeFocused();

  // Another browser deleted one of them meanwhile: the rest is applied, and the toast names it.
  d1(`delete from media where id = '${third}'`);
  const gone = `Harbour ${token} 2`;
  await page.getByRole("button", { name: "Alle auswählen" }).click();
  await page.getByRole("button", { name: "Auswahl anzeigen" }).click();
  await expect(confirm).toContainText("3 Einträge in der Galerie anzeigen?");
  await confirm.getByRole("button", { name: "Anzeigen" }).click();
  const partial = toasts
    .getByRole("listitem")
    .filter({ hasText: "Einige Einträge konnten nicht aktualisiert werden" });
  await expect(partial).toContainText(gone);
  await expect(rows.getByText("Veröffentlicht")).toHaveCount(2);

  await page.getByRole("button", { name: "Alle auswählen" }).click();
  await page.getByRole("button", { name: "Auswahl löschen" }).click();
  await expect(confirm).toContainText(
    "Möchten Sie wirklich 3 Einträge löschen? Dies kann nicht rückgängig gemacht werden.",
  );
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Löschen" }).click();
  const partialDelete = toasts
    .getByRole("listitem")
    .filter({ hasText: "Einige Einträge konnten nicht gelöscht werden" });
  await expect(partialDelete).toContainText(gone);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(gone);
  expect((await page.request.get(`/en/gallery/${second}`)).status()).toBe(404);
  const demo = await page.request.get("/en/gallery/demo-noon");
  expect(demo.status()).toBe(200);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner enters the south's water temperature with a plain form post", async ({
    strictPage: page,
  }) => {
    await page.goto("/admin/maintenance");
    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL("/admin/maintenance");
    await page.getByLabel("Temperatur (°C)").fill("19.5");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Wassertemperatur gespeichert", { exact: true })).toBeVisible();
    const weather = await (await page.request.get("/api/weather")).json();
    expect(weather.waterTemperature.south.celsius).toBe(19.5);
  });
});

// A reading the route action refuses is its 400 answer, shown on the page.
test.describe("a refused south reading", () => {
  test.use({ expectedStatuses: [400] });

  test("on a 360 px phone in dark mode the owner opens the editor and enters the south's water temperature", async ({
    strictPage: page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/admin/maintenance");
    await hydrated(page);
    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden" }).click();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

    await page.getByLabel("Temperatur (°C)").fill("21.5");
    // A reading dated tomorrow is refused with the reason.
    const measuredAt = page.getByLabel("Gemessen am");
    const now = await measuredAt.inputValue();
    const tomorrow = new Date(`${now}Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await measuredAt.fill(tomorrow.toISOString().slice(0, 16));
    const save = page.getByRole("button", { name: "Speichern" });
    await save.click();
    await expect(
      page.getByText("Der Messzeitpunkt liegt in der Zukunft.", { exact: true }),
    ).toBeVisible();
    await measuredAt.fill(now);
    await save.press("Enter");
    await expect(page.getByText("Wassertemperatur gespeichert", { exact: true })).toBeVisible();
    await expect(save).toBeFocused();
    const weather = await (await page.request.get("/api/weather")).json();
    expect(weather.waterTemperature.south.celsius).toBe(21.5);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto("/admin");
    await hydrated(page);
    await page
      .getByRole("button", { name: /bearbeiten$/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // A tag over the limit: Save opens its language and says why, and nothing is sent.
    const editor = page.getByRole("dialog");
    await editor.getByRole("tab", { name: "English" }).click();
    const tags = editor.getByLabel("Schlagwörter, durch Kommas getrennt");
    await tags.fill(`harbour, ${"a".repeat(41)}`);
    await editor.getByRole("tab", { name: "Deutsch" }).click();
    let patched = false;
    page.on("request", (request) => {
      if (request.method() === "PATCH") patched = true;
    });
    await editor.getByRole("button", { name: "Speichern" }).click();
    await expect(editor.getByRole("tab", { name: "English" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(tags).toBeFocused();
    await expect(tags).toHaveAttribute("aria-invalid", "true");
    await expect(tags).toHaveAccessibleDescription(
      "Höchstens 20 Schlagwörter mit je bis zu 40 Zeichen.",
    );
    expect(patched).toBe(false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test("a save sends only what the editor changed: a hide made meanwhile in another tab stays", async ({
  strictPage: page,
}) => {
  const token = `t${Date.now().toString(36)}`;
  const [, published] = [`e2e-${token}-draft`, `e2e-${token}-pub`];
  insertItems(token, [`e2e-${token}-draft`, published ?? ""]);
  await page.goto("/admin");
  await hydrated(page);
  await page.getByLabel(passwordLabel).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await page.getByLabel("Inhalte durchsuchen").fill(token);
  await page.getByRole("button", { name: `„Harbour ${token} 1“ bearbeiten` }).click();
  const editor = page.getByRole("dialog");
  await editor.getByRole("tab", { name: "English" }).click();

  d1(`update media set status = 'hidden', featured = 1 where id = '${published}'`);
  await editor.getByLabel("Titel").fill(`Harbour ${token} at dusk`);
  await editor.getByRole("button", { name: "Speichern" }).click();
  // In the toasts' region: Radix also reads the toast out from a copy outside it, for a moment.
  await expect(
    page.getByRole("region", { name: /Benachrichtigungen/ }).getByText("Erfolgreich aktualisiert"),
  ).toBeVisible();

  const list = await (await page.request.get(`/api/admin/media?q=${token}`)).json();
  const item = list.items.find((i: { id: string }) => i.id === published);
  expect(item).toMatchObject({
    titleEn: `Harbour ${token} at dusk`,
    status: "hidden",
    featured: true,
  });
  const row = page
    .getByRole("region", { name: "Inhalte" })
    .getByRole("listitem")
    .filter({
      hasText: `Harbour ${token} at dusk`,
    });
  await expect(row.getByText("Ausgeblendet")).toBeVisible();
});

test("in every language a row's buttons are named by the words they show, and axe finds nothing", async ({
  strictPage: page,
}) => {
  test.slow();
  const token = `t${Date.now().toString(36)}`;
  const [plain, featured] = ["a", "b"].map((s) => `e2e-${token}-${s}`);
  insertItems(token, [plain ?? "", featured ?? ""]);
  d1(`update media set featured = 1 where id = '${featured}'`);
  await logIn(page);
  for (const locale of locales) {
    await page.goto(localized("/admin", locale));
    await hydrated(page);
    await page.locator("input[type=search]").fill(token);
    const rows = page.locator("li[data-item-id]");
    await expect(rows).toHaveCount(2);
    // label-content-name-mismatch: the visible words are part of each button's name.
    await expectNoAxeViolations(page, {
      include: "ul:has(> li[data-item-id])",
      label: `${locale}: `,
    });
  }
});

test("the list says what a search or filter found and what Show more added, and keeps the focus in the list", async ({
  strictPage: page,
}) => {
  const token = `t${Date.now().toString(36)}`;
  // 26 matches: a first page of 24, then two more.
  insertItems(
    token,
    Array.from({ length: 26 }, (_, i) => `e2e-${token}-${i}`),
  );
  await logIn(page, "/admin");
  const list = page.getByRole("region", { name: "Inhalte" });
  const said = list.getByRole("status");
  const rows = list.locator("li[data-item-id]");
  await expect(rows).not.toHaveCount(0);
  // Nothing is said about the list the page arrived with.
  await expect(said).toHaveText("");

  await page.getByLabel("Inhalte durchsuchen").fill(token);
  await expect(said).toHaveText("24 Ergebnisse angezeigt");
  await expect(rows).toHaveCount(24);
  await list.getByRole("button", { name: "Mehr anzeigen" }).press("Enter");
  await expect(rows).toHaveCount(26);
  await expect(said).toHaveText("26 Ergebnisse angezeigt");
  await expect(list.getByRole("button", { name: "Mehr anzeigen" })).toHaveCount(0);
  await expect(
    list.getByRole("checkbox", { name: `„Harbour ${token} 1“ auswählen` }),
  ).toBeFocused();

  await list.getByRole("button", { name: "Videos", exact: true }).click();
  await expect(said).toHaveText("0 Ergebnisse angezeigt");
  await list.getByRole("button", { name: "Alle", exact: true }).click();
  await expect(said).toHaveText("24 Ergebnisse angezeigt");
});

test("Select all takes every item the search matches, beyond Show more, and the bulk actions reach them all in turns", async ({
  strictPage: page,
}) => {
  test.slow();
  const token = `t${Date.now().toString(36)}`;
  // More than one bulk request may name (100), and more than four pages of the list.
  const ids = Array.from({ length: 105 }, (_, i) => `e2e-${token}-${i}`);
  insertItems(token, ids);
  const turns: number[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/admin/media/bulk")) {
      turns.push((request.postDataJSON() as { ids: string[] }).ids.length);
    }
  });
  const statuses = () =>
    d1(`select status, count(*) as n from media where id like 'e2e-${token}-%' group by status`);
  await logIn(page, "/admin");
  const list = page.getByRole("region", { name: "Inhalte" });
  const rows = list.locator("li[data-item-id]");
  await page.getByLabel("Inhalte durchsuchen").fill(token);
  await expect(list.getByRole("status")).toHaveText("24 Ergebnisse angezeigt");

  await list.getByRole("button", { name: "Alle auswählen" }).click();
  const selected = list.getByRole("toolbar", { name: "Sammelaktionen" }).locator("[aria-live]");
  await expect(selected).toHaveText(
    "Alle 105 Einträge, die diesem Filter entsprechen, sind ausgewählt",
  );
  await list.getByRole("button", { name: "Mehr anzeigen" }).click();
  await expect(rows).toHaveCount(48);
  await expect(rows.getByRole("checkbox", { checked: false })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await list.getByRole("button", { name: "Auswahl ausblenden" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("105 Einträge in der Galerie ausblenden?");
  await confirm.getByRole("button", { name: "Ausblenden" }).click();
  const toasts = page.getByRole("region", { name: /Benachrichtigungen/ });
  await expect(toasts.getByText("Ausgewählte Einträge erfolgreich aktualisiert")).toBeVisible();
  expect(turns).toEqual([100, 5]);
  expect(statuses()).toEqual([{ status: "hidden", n: 105 }]);
  await expect(rows.getByText("Ausgeblendet")).toHaveCount(24);
  await expect(selected).toHaveText("Keine Einträge ausgewählt");

  // Another browser deletes a loaded item and one beyond the loaded pages: the toast names both.
  await list.getByRole("button", { name: "Alle auswählen" }).click();
  await expect(selected).toHaveText(
    "Alle 105 Einträge, die diesem Filter entsprechen, sind ausgewählt",
  );
  d1(`delete from media where id in ('e2e-${token}-100', 'e2e-${token}-10')`);
  await list.getByRole("button", { name: "Auswahl löschen" }).click();
  await expect(confirm).toContainText(
    "Möchten Sie wirklich 105 Einträge löschen? Dies kann nicht rückgängig gemacht werden.",
  );
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Löschen" }).click();
  const partial = toasts
    .getByRole("listitem")
    .filter({ hasText: "Einige Einträge konnten nicht gelöscht werden" });
  await expect(partial).toContainText(`Harbour ${token} 100`);
  await expect(partial).toContainText(`Harbour ${token} 10`);
  expect(statuses()).toEqual([]);
  await expect(rows).toHaveCount(0);
  await expect(list.getByText("Keine Einträge passen zu dieser Suche.")).toBeVisible();
});

test("a keyboard owner's steps through a row's type save once, on Enter or on leaving it; Escape keeps the saved type", async ({
  strictPage: page,
}) => {
  const token = `t${Date.now().toString(36)}`;
  const id = `e2e-${token}-a`;
  insertItems(token, [id]);
  await logIn(page, "/admin");
  await page.getByLabel("Inhalte durchsuchen").fill(token);
  const row = page.locator(`li[data-item-id="${id}"]`);
  const type = row.getByRole("combobox", { name: `Typ von „Harbour ${token} 0“` });
  const savedType = () => d1(`select type from media where id = '${id}'`);
  const saves: unknown[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().endsWith(`/api/admin/media/${id}`)) {
      saves.push(request.postDataJSON());
    }
  });
  const toasts = page
    .getByRole("region", { name: /Benachrichtigungen/ })
    .getByText("Erfolgreich aktualisiert");

  // Chromium fires `change` on each arrow key of a closed select: Bild, Video, Zeitraffer.
  await type.focus();
  await type.press("ArrowDown");
  await type.press("ArrowDown");
  await expect(type).toHaveValue("timelapse");
  await type.press("Enter");
  await expect(row.locator("p").getByText("Zeitraffer", { exact: true })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  expect(saves).toEqual([{ type: "timelapse" }]);
  expect(savedType()).toEqual([{ type: "timelapse" }]);
  await expect(type).toBeFocused();

  // Leaving the select is choosing too.
  await type.press("ArrowUp");
  await type.press("Tab");
  await expect(row.locator("p").getByText("Video", { exact: true })).toBeVisible();
  expect(saves).toEqual([{ type: "timelapse" }, { type: "video" }]);
  expect(savedType()).toEqual([{ type: "video" }]);

  // Escape takes the steps back: leaving then saves nothing.
  await type.focus();
  await type.press("ArrowUp");
  await expect(type).toHaveValue("image");
  await type.press("Escape");
  await expect(type).toHaveValue("video");
  await type.press("Tab");
  // A choice from the opened list saves at once; once it is in, nothing else went before it.
  await type.selectOption("image");
  await expect(row.locator("p").getByText("Bild", { exact: true })).toBeVisible();
  expect(saves).toEqual([{ type: "timelapse" }, { type: "video" }, { type: "image" }]);
  expect(savedType()).toEqual([{ type: "image" }]);
});

test.describe("a session that ends during an edit", () => {
  test.use({ expectedStatuses: [401] });

  /** What the tab keeps for the dashboard (app/components/admin/content/kept-edit.ts). */
  const keptEdit = (page: Page) =>
    page.evaluate(() => sessionStorage.getItem("admin-unsaved-edit"));

  /** The editor's buttons that ask the server, and the toast each shows when that fails. */
  const save = { button: "Speichern", failed: "Aktualisierung fehlgeschlagen" };
  const translate = { button: "Leere Sprachen ausfüllen", failed: "Übersetzung fehlgeschlagen" };

  /** A new item's English title is typed, and the session ends before `press` is pressed. */
  async function pressAfterTheSessionEnded(
    page: Page,
    titleOf: (token: string) => string,
    press = save,
  ) {
    const token = `t${Date.now().toString(36)}`;
    const id = `e2e-${token}-a`;
    insertItems(token, [id]);
    await logIn(page, "/admin");
    await page.getByLabel("Inhalte durchsuchen").fill(token);
    await page.getByRole("button", { name: `„Harbour ${token} 0“ bearbeiten` }).click();
    const editor = page.getByRole("dialog");
    await editor.getByRole("tab", { name: "English" }).click();
    const title = titleOf(token);
    await editor.getByLabel("Titel").fill(title);
    await endThisSession(page);
    await editor.getByRole("button", { name: press.button }).click();
    const toast = page
      .getByRole("region", { name: /Benachrichtigungen/ })
      .getByRole("listitem")
      .filter({ hasText: press.failed });
    await expect(toast).toContainText("Ihre Sitzung ist abgelaufen.");
    return { token, id, title, editor, toast };
  }

  /** "Log in again" in the session's toast, then the login: back on the dashboard. */
  async function logInAgain(page: Page, toast: Locator) {
    await toast.getByRole("button", { name: "Erneut anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
    );
    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page).toHaveURL("/admin");
  }

  test("keeps the editor's changes through the login; they are saved afterwards", async ({
    strictPage: page,
  }) => {
    const { id, title, editor, toast } = await pressAfterTheSessionEnded(
      page,
      (token) => `Harbour ${token} before the storm`,
    );
    await logInAgain(page, toast);
    await expect(editor).toBeVisible();
    await expect(editor).toHaveAccessibleDescription(
      /Ihre ungespeicherten Änderungen wurden wiederhergestellt\. Speichern Sie sie, damit sie erhalten bleiben\./,
    );
    await editor.getByRole("tab", { name: "English" }).click();
    await expect(editor.getByLabel("Titel")).toHaveValue(title);
    await expectNoAxeViolations(page);
    await editor.getByRole("button", { name: "Speichern" }).click();
    await expect(
      page
        .getByRole("region", { name: /Benachrichtigungen/ })
        .getByText("Erfolgreich aktualisiert", { exact: true }),
    ).toBeVisible();
    await expect(editor).toHaveCount(0);
    expect(d1(`select title_en from media where id = '${id}'`)).toEqual([{ title_en: title }]);

    expect(await keptEdit(page)).toBeNull();
    await page.reload();
    await hydrated(page);
    await expect(page.locator(`li[data-item-id]`).first()).toBeVisible();
    await expect(editor).toHaveCount(0);
  });

  test("keeps the changes when Translate meets the ended session; it translates afterwards", async ({
    strictPage: page,
  }) => {
    const { id, title, editor, toast } = await pressAfterTheSessionEnded(
      page,
      (token) => `Harbour ${token} at dawn`,
      translate,
    );
    expect(await keptEdit(page)).not.toBeNull();
    await logInAgain(page, toast);
    await expect(editor).toBeVisible();
    await editor.getByRole("tab", { name: "English" }).click();
    await expect(editor.getByLabel("Titel")).toHaveValue(title);
    await expectNoAxeViolations(page);
    await editor.getByRole("button", { name: translate.button }).click();
    await editor.getByRole("tab", { name: "Italiano" }).click();
    await expect(editor.getByLabel(/Titel/)).toHaveValue(`${title} (it)`);
    await editor.getByRole("button", { name: save.button }).click();
    await expect(editor).toHaveCount(0);
    expect(d1(`select title_en, title_it from media where id = '${id}'`)).toEqual([
      { title_en: title, title_it: `${title} (it)` },
    ]);
  });

  test("on a 1366 px screen the toast that says so leaves the editor and its buttons free", async ({
    strictPage: page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const { editor, toast } = await pressAfterTheSessionEnded(
      page,
      (token) => `Harbour ${token} on a laptop`,
    );
    // Pointed at, a toast stays while it is read.
    await toast.hover();
    await expect
      .poll(async () => {
        const [a, b] = [await editor.boundingBox(), await toast.boundingBox()];
        if (!a || !b) return "not shown";
        const apart =
          a.x + a.width <= b.x ||
          b.x + b.width <= a.x ||
          a.y + a.height <= b.y ||
          b.y + b.height <= a.y;
        return apart ? "apart" : "overlapping";
      })
      .toBe("apart");
    // Save lies under its ends and its middle (inside the rounded corners a pointer does not hit).
    const saveButton = editor.getByRole("button", { name: save.button });
    await saveButton.scrollIntoViewIfNeeded();
    expect(
      await saveButton.evaluate((button) => {
        const { left, right, top, bottom } = button.getBoundingClientRect();
        const middle = (top + bottom) / 2;
        return [left + 8, (left + right) / 2, right - 8].map((x) =>
          button.contains(document.elementFromPoint(x, middle)),
        );
      }),
    ).toEqual([true, true, true]);
    await expectNoAxeViolations(page);
  });

  test.describe("and a connection that fails as the editor opens again", () => {
    test.use({ expectedNetworkErrors: ["net::ERR_INTERNET_DISCONNECTED"] });

    test("keeps the changes for the dashboard's next load", async ({ strictPage: page }) => {
      const { id, title, editor, toast } = await pressAfterTheSessionEnded(
        page,
        (token) => `Harbour ${token} kept through a dead spot`,
      );
      // The login goes through; reading the item after it does not (nor its one retry).
      await page.route(`**/api/admin/media/${id}`, (route) => route.abort("internetdisconnected"), {
        times: 2,
      });
      await logInAgain(page, toast);
      await expect(
        page
          .getByRole("region", { name: /Benachrichtigungen/ })
          .getByRole("listitem")
          .filter({
            hasText: "Ihre ungespeicherten Änderungen konnten nicht wieder geöffnet werden",
          }),
      ).toContainText("Sie bleiben in diesem Tab erhalten.");
      await expect(editor).toHaveCount(0);
      expect(await keptEdit(page)).not.toBeNull();
      await expectNoAxeViolations(page);

      await page.reload();
      await hydrated(page);
      await expect(editor).toBeVisible();
      await editor.getByRole("tab", { name: "English" }).click();
      await expect(editor.getByLabel("Titel")).toHaveValue(title);
    });
  });

  test.describe("and the item deleted meanwhile", () => {
    test.use({ expectedStatuses: [401, 404] });

    test("lets the kept changes go: they have nothing left to go to", async ({
      strictPage: page,
    }) => {
      const { id, editor, toast } = await pressAfterTheSessionEnded(
        page,
        (token) => `Harbour ${token} deleted meanwhile`,
      );
      // Pointed at, the toast outlasts the other browser's delete (over 5 s on a busy host).
      await toast.hover();
      d1(`delete from media where id = '${id}'`);
      await logInAgain(page, toast);
      await expect.poll(() => keptEdit(page)).toBeNull();
      await expect(editor).toHaveCount(0);
    });
  });

  test("lets the kept changes go when the owner closes the editor instead", async ({
    strictPage: page,
  }) => {
    const { token, id, editor } = await pressAfterTheSessionEnded(
      page,
      (token) => `Harbour ${token} never saved`,
    );
    expect(await keptEdit(page)).not.toBeNull();
    await editor.getByRole("button", { name: "Abbrechen" }).click();
    await expect(editor).toHaveCount(0);
    expect(await keptEdit(page)).toBeNull();

    await page.reload();
    await hydrated(page);
    await page.getByLabel(passwordLabel).fill(password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await expect(page).toHaveURL("/admin");
    await page.getByLabel("Inhalte durchsuchen").fill(token);
    await expect(page.locator(`li[data-item-id="${id}"]`)).toContainText(`Harbour ${token} 0`);
    await expect(editor).toHaveCount(0);
    expect(d1(`select title_en from media where id = '${id}'`)).toEqual([
      { title_en: `Harbour ${token} 0` },
    ]);
  });
});
