import { logIn } from "./admin.ts";
import { expect, expectNoAxeViolations, test, viewerReady } from "./fixtures.ts";
import { row, smallPhoto } from "./uploads.ts";

// While published and featured, this photo is on every visitor's home page: it runs alone, after
// both lanes (playwright.config.ts), or a visitor's journey would meet its files gone mid-page.
test("a photo uploaded on its own gets its texts, translated, and is published where it was dropped; the gallery shows it with them", async ({
  strictPage: page,
}) => {
  const token = Date.now().toString(36);
  await logIn(page, "/admin");
  await page.getByLabel("Dateien auswählen").setInputFiles(smallPhoto());
  const added = row(page, "Punta San Vigilio.jpg");
  const details = added.getByRole("form", {
    name: "Texte und Veröffentlichung Punta San Vigilio.jpg",
  });
  await details.getByRole("tab", { name: "English" }).click();
  const title = `Punta San Vigilio at dawn ${token}`;
  await details.getByLabel("Titel").fill(title);
  await details.getByLabel("Beschreibung").fill("First light over Lake Garda");
  await details.getByLabel("Schlagwörter, durch Kommas getrennt").fill("dawn, harbour");
  await details.getByLabel("Ausgangssprache", { exact: true }).selectOption("en");
  await details.getByRole("button", { name: "Leere Sprachen ausfüllen" }).click();
  await details.getByRole("tab", { name: "Italiano" }).click();
  // The stand-in model (test/fake-ai.ts); the lake's name is kept in its Italian form.
  await expect(details.getByLabel(/Titel/)).toHaveValue(`${title} (it)`);
  await expect(details.getByLabel(/Beschreibung/)).toHaveValue(
    "First light over Lago di Garda (it)",
  );
  await details.getByLabel("Hervorgehoben").check();
  await expect(added).toContainText("Hochladen erfolgreich");
  await expectNoAxeViolations(page);

  const published = page.waitForRequest((request) => request.method() === "PATCH");
  await details.getByRole("button", { name: "Veröffentlichen" }).click();
  const id = /\/api\/admin\/media\/([^/]+)$/.exec((await published).url())?.[1] ?? "";
  await expect(added.locator("[aria-live]")).toHaveText("Veröffentlicht");
  await expect(details).toHaveCount(0);
  await expect(added).toContainText("Die Aufnahme ist jetzt in der Galerie zu sehen.");
  // The button that published it is gone with the form: the row's Edit takes the focus.
  await expect(
    added.getByRole("button", { name: "„Punta San Vigilio.jpg“ bearbeiten" }),
  ).toBeFocused();
  const item = page.locator(`li[data-item-id="${id}"]`);
  await expect(item).toContainText("Veröffentlicht");
  await expect(item).toContainText("Hervorgehoben");
  await expectNoAxeViolations(page);

  for (const [prefix, suffix] of [
    ["", " (de)"],
    ["/en", ""],
    ["/it", " (it)"],
    ["/fr", " (fr)"],
    ["/es", " (es)"],
  ] as const) {
    const gallery = await (await page.request.get(`${prefix}/gallery?q=${token}`)).text();
    expect(gallery, prefix || "/").toContain(`${title}${suffix}`);
  }
  await page.goto(`/en/gallery/${id}`);
  await viewerReady(page);
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByRole("heading", { name: title })).toBeVisible();
  await expect(viewer).toContainText("First light over Lake Garda");
  await expect(viewer).toContainText("dawn");

  // The gallery's journeys count published items: the owner takes it down.
  expect((await page.request.delete(`/api/admin/media/${id}`)).ok()).toBe(true);
});
