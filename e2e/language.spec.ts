import { expect, hydrated, localized, test } from "./fixtures.ts";

test("switching language keeps the page and remembers the choice for 365 days", async ({
  strictPage: page,
  context,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Über uns");
  expect(await context.cookies()).toEqual([]);

  await page.getByRole("button", { name: "Italiano" }).click();
  await expect(page).toHaveURL("/it/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chi siamo");

  const [cookie] = await context.cookies();
  expect(cookie?.name).toBe("lang");
  expect(cookie?.value).toBe("it");
  expect(cookie?.httpOnly).toBe(true);
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);

  await page.goto("/");
  await expect(page).toHaveURL("/it");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
});

test("the switcher works on a phone through the menu", async ({ strictPage: page }) => {
  await page.setViewportSize({ width: 360, height: 720 });
  await page.goto("/contact");
  await hydrated(page);
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const menu = page.getByRole("dialog");
  await menu.getByRole("button", { name: "Français" }).click();
  await expect(page).toHaveURL("/fr/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
});

/** Each page with a catalog of its own, the link a visitor takes to it, and a text only its catalog holds. */
const catalogPages = {
  de: [
    ["/about", "Über uns", /^Unsere Geschichte$/],
    ["/gallery", "Galerie", /^Fotos$/],
    ["/archive", "Archiv", /^Alle zehn Minuten ein Bild vom Hafen/],
    ["/contact", "Kontakt", /^Häufig gestellte Fragen$/],
    ["/admin", "Admin", /^Bitte geben Sie das Passwort für den Admin-Zugang ein$/],
  ],
  it: [
    ["/about", "Chi siamo", /^La nostra storia$/],
    ["/gallery", "Galleria", /^Foto$/],
    ["/archive", "Archivio", /^Un'immagine dal porto/],
    ["/contact", "Contatti", /^Domande frequenti$/],
    ["/admin", "Admin", /^Inserisci la password per accedere all'area admin$/],
  ],
} as const;

// The root's data (the maintenance switch) is read on every navigation, with the page's own.
const dataReads: Record<string, string[]> = {
  "/about": ["/about.data"],
  "/gallery": ["/gallery.data"],
  "/archive": ["/archive.data"],
  "/contact": ["/contact.data"],
  // A visitor's Admin link is redirected to the login page.
  "/admin": ["/admin.data", "/admin/login.data"],
};

for (const locale of ["de", "it"] as const) {
  test(`a client navigation brings a page's own catalog in one data request per page (${locale})`, async ({
    strictPage: page,
  }) => {
    const prefix = localized("/", locale).replace(/\/$/, "");
    const reads: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".data")) reads.push(pathname.slice(prefix.length));
    });
    await page.goto(localized("/", locale));
    await hydrated(page);
    for (const [path, link, text] of catalogPages[locale]) {
      reads.length = 0;
      await page.getByRole("link", { name: link, exact: true }).first().click();
      await expect(page.getByText(text).first(), path).toBeVisible();
      expect(reads, path).toEqual(dataReads[path]);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test(`the server renders each page's own catalog (${locale})`, async ({ strictPage: page }) => {
      for (const [path, , text] of catalogPages[locale]) {
        await page.goto(localized(path, locale));
        await expect(page.getByText(text).first(), path).toBeVisible();
      }
    });
  });
}
