import { beforeAll, describe, expect, test } from "vitest";
import { createMedia } from "./factories";
import { visit } from "./helpers";

beforeAll(async () => {
  await createMedia({
    id: "pagephoto",
    titleEn: "Harbour lights",
    titleDe: "Hafenlichter",
    featured: true,
  });
  await createMedia({ id: "hiddenone", titleEn: "Not for visitors", published: false });
});

describe("gallery page", () => {
  test("renders the published items in the page's language, hidden ones nowhere", async () => {
    const html = await (await visit("/gallery")).text();
    expect(html).toContain("Hafenlichter");
    expect(html).not.toContain("Not for visitors");
    expect(await (await visit("/en/gallery")).text()).toContain("Harbour lights");
  });

  test("an item's own URL is shareable, with its picture for social previews", async () => {
    const response = await visit("/en/gallery/pagephoto");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/lakegarda-live\.example\/api\/files\/media\/[0-9a-f]{64}\.jpg"\/>/,
    );
    expect(html).toContain("<title>Harbour lights · Lake Garda Live Camera</title>");
  });

  test("hidden, unknown and malformed item URLs are the 404 page", async () => {
    for (const path of [
      "/en/gallery/hiddenone",
      "/en/gallery/nothere00",
      "/en/gallery/%3Cscript%3E",
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page Not Found");
    }
  });

  test("unknown filter values fall back to the defaults instead of failing", async () => {
    const response = await visit("/en/gallery?type=music&sort=sideways&q=");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Harbour lights");
  });

  test("the home page shows featured items in its gallery teaser", async () => {
    const html = await (await visit("/en")).text();
    expect(html).toContain("From the gallery");
    expect(html).toContain("Harbour lights");
  });

  test("reports its D1 cost in Server-Timing", async () => {
    const response = await visit("/en/gallery");
    expect(response.headers.get("Server-Timing")).toMatch(/d1;desc="\d+ statements"/);
  });
});
