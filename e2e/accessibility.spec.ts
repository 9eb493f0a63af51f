import { expectNoAxeViolations, pages, test } from "./fixtures.ts";

// The tour ends on the not-found page, whose 404 Chromium logs.
test.use({ expectedStatuses: [404] });

for (const scheme of ["light", "dark"] as const) {
  test(`axe finds no violations on any page (${scheme})`, async ({ strictPage: page }) => {
    // Ten pages, a full gallery among them: 20 to 40 s on a busy two-core machine.
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    // A shared film's link opens the viewer with the film waiting for Play.
    for (const path of [...pages, "/en/gallery/demo-harbour", "/en/does-not-exist"]) {
      await page.goto(path);
      await expectNoAxeViolations(page, { label: `${path}: ` });
    }
  });
}
