import { expect, test } from "./fixtures.ts";

// The fixture itself: a journey fails on an error it did not declare (ADR 004).

test("a failed load the journey did not declare fails it", async ({ strictPage: page }) => {
  test.fail();
  expect((await page.goto("/en/no-such-page"))?.status()).toBe(404);
});

test.describe("a declared status", () => {
  test.use({ expectedStatuses: [404] });

  test("passes", async ({ strictPage: page }) => {
    expect((await page.goto("/en/no-such-page"))?.status()).toBe(404);
  });
});
