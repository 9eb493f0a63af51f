import { siteNames } from "#test/support/site-names.ts";
import { expect, hydrated, locales, localized, pages, test } from "./fixtures.ts";

for (const locale of locales) {
  test(`every page loads in ${locale} with no errors and no third-party requests`, async ({
    strictPage: page,
  }) => {
    for (const path of pages) {
      const url = localized(path, locale);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("h1").first(), url).toBeVisible();
      // Hydrated: client navigation works (React Router sets this once running).
      await hydrated(page);
    }
  });
}

const archiveWays = {
  de: ["Archiv", "Im Archiv stöbern: alle zehn Minuten ein Bild"],
  en: ["Archive", "Browse the archive: a picture every ten minutes"],
  it: ["Archivio", "Sfoglia l'archivio: un'immagine ogni dieci minuti"],
  fr: ["Archives", "Parcourir les archives : une image toutes les dix minutes"],
  es: ["Archivo", "Explora el archivo: una imagen cada diez minutos"],
} as const;

for (const locale of locales) {
  test(`a visitor finds the archive from the footer, the home page and the gallery (${locale})`, async ({
    strictPage: page,
  }) => {
    const [quickLink, entry] = archiveWays[locale];
    const archive = localized("/archive", locale);
    const ways = [
      [
        localized("/contact", locale),
        page.getByRole("contentinfo").getByRole("link", { name: quickLink, exact: true }),
      ],
      [localized("/", locale), page.getByRole("main").getByRole("link", { name: entry })],
      [localized("/gallery", locale), page.getByRole("main").getByRole("link", { name: entry })],
    ] as const;
    for (const [from, link] of ways) {
      await page.goto(from);
      await hydrated(page);
      await expect(link, from).toBeVisible();
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname, from).toBe(archive);
      await expect(page.locator("h1"), from).toBeVisible();
    }
  });
}

test("a page is drawn before its scripts are fetched, then hydrates", async ({
  strictPage: page,
}) => {
  // Runs before anything of the page's own: the second frame's callback means one was drawn.
  await page.addInitScript(() => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        Object.assign(window, { firstFrameDrawn: performance.now() });
      }),
    );
  });
  for (const path of ["/en", "/en/gallery", "/en/about"]) {
    await page.goto(path);
    await hydrated(page);
    const { drawn, scripts } = await page.evaluate(() => ({
      drawn: (window as unknown as { firstFrameDrawn: number }).firstFrameDrawn,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length, path).toBeGreaterThan(3);
    expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(drawn);
    // Preloaded after the pictures the document asked for.
    const priorities = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("fetchpriority")));
    expect(priorities.length, path).toBeGreaterThan(3);
    expect(new Set(priorities), path).toEqual(new Set(["low"]));
  }
});

test("a page opened in a background tab hydrates before it is shown", async ({
  strictPage: page,
}) => {
  // A hidden tab draws no frame, so its animation-frame callbacks wait until it is shown.
  await page.addInitScript(() => {
    Object.defineProperty(document, "hidden", { get: () => true });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto("/en/gallery");
  await hydrated(page);
});

test("a held-back script without the page's nonce is never started", async ({
  strictPage: page,
}) => {
  // Markup that slipped into the document (a fault somewhere, an injection) looks held back.
  await page.route("**/en/about", async (route) => {
    const response = await route.fetch();
    const injected = `<script type="text/x-after-first-paint" data-after-first-paint="module">window.injected = true</script>`;
    await route.fulfill({
      response,
      body: (await response.text()).replace("</head>", `${injected}</head>`),
    });
  });
  await page.goto("/en/about");
  await hydrated(page);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
  await expect(page.locator('script[type="text/x-after-first-paint"]')).toHaveCount(1);
});

test("pages fit a 320 px wide screen without sideways scrolling", async ({ strictPage: page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of pages) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("navigation scrolls to the top and back restores the position", async ({
  strictPage: page,
}) => {
  await page.goto("/en/privacy");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL("/en/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Click from mid-page without Playwright scrolling the link into view first.
  const scrolled = await page.evaluate(() => {
    window.scrollTo(0, 600);
    document.querySelector<HTMLAnchorElement>('footer a[href="/en/imprint"]')?.click();
    return window.scrollY;
  });
  expect(scrolled).toBeGreaterThan(0);
  await expect(page).toHaveURL("/en/imprint");
  await page.goBack();
  await expect(page).toHaveURL("/en/terms");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("the privacy policy is dated 10 June 2025 and has eight sections", async ({
  strictPage: page,
}) => {
  await page.goto("/privacy");
  await expect(page.getByText("Stand: 10. Juni 2025")).toBeVisible();
  await expect(page.locator("article section h2")).toHaveCount(8);
  await page.goto("/en/terms");
  await expect(page.locator("article section h2")).toHaveCount(9); // 8 sections + contact
  await expect(page.getByText("Via Gardesana 12")).toBeVisible();
});

test("the terms allow embedding, directory pictures and feeds with a credit, in every language", async ({
  strictPage: page,
}) => {
  for (const locale of locales) {
    await page.goto(localized("/terms", locale));
    const copyright = page.locator("section#copyright");
    // The credit is the site's name as the embed's link shows it.
    await expect(copyright, locale).toContainText(siteNames[locale]);
    await expect(copyright.locator(`a[href="${localized("/about", locale)}#embed"]`)).toHaveCount(
      1,
    );
  }
});

test("the privacy policy names what the site keeps in session storage, in every language", async ({
  strictPage: page,
}) => {
  for (const locale of locales) {
    await page.goto(localized("/privacy", locale));
    const storage = page.locator("section#cookies");
    for (const key of ["chunk-reload-at", "react-router-scroll-positions"]) {
      await expect(storage, locale).toContainText(key);
    }
  }
  // React Router writes scroll positions when a hydrated document is left: a link, then a reload.
  const policy = await page.locator("section#cookies").textContent();
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link").first().click();
  await expect(page).toHaveURL("/es");
  await page.reload();
  const keys = await page.evaluate(() => Object.keys(sessionStorage));
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.filter((key) => !policy?.includes(key))).toEqual([]);
});

test("text pages load their own catalog on client navigation", async ({ strictPage: page }) => {
  await page.goto("/gallery");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutzerklärung" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
  await expect(page.getByText("Stand: 10. Juni 2025")).toBeVisible();
  await expect(page.getByRole("heading", { name: "8. Ihre Rechte" })).toBeVisible();
});
