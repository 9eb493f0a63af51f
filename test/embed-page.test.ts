import { beforeEach, describe, expect, test } from "vitest";
import { logIn, MAINTENANCE } from "./admin.ts";
import { createMedia } from "./factories.ts";
import { CRAWLER_UA, postForm, visit } from "./helpers.ts";
import { forgetStatistics, todaysCounts } from "./statistics-counts.ts";

/** What Chromium sends for the document of another site's iframe. */
const framed = (referrer = "https://hotel-lago.example/rooms") => ({
  "Sec-Fetch-Dest": "iframe",
  "Sec-Fetch-Site": "cross-site",
  Referer: referrer,
  // A visitor who once chose English on the site itself.
  Cookie: "lang=en",
});

let clients = 0;
const fromNewAddress = () => ({ "CF-Connecting-IP": `198.51.100.${++clients}` });

beforeEach(forgetStatistics);

describe("the embed page", () => {
  test("only the embed may be framed, by any site; every other page refuses frames", async () => {
    for (const path of ["/embed", "/en/embed", "/it/embed", "/fr/embed", "/es/embed"]) {
      const response = await visit(path, { headers: framed() });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Security-Policy"), path).toContain("frame-ancestors *");
      expect(response.headers.get("X-Frame-Options"), path).toBeNull();
      await response.text();
    }
    for (const path of ["/", "/en", "/en/about", "/en/gallery", "/en/no-such-page"]) {
      const response = await visit(path);
      expect(response.headers.get("Content-Security-Policy"), path).toContain(
        "frame-ancestors 'none'",
      );
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
      await response.text();
    }
  });

  test("speaks its address's language whatever the cookie says, sets no cookie, and stays out of indexes", async () => {
    const response = await visit("/it/embed", { headers: framed() });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // No site frame: no header, no footer, no navigation.
    expect(html).not.toContain("<footer");
    expect(html).not.toContain("<nav");
    // Its scripts wait for the press on Watch live: none is a module the browser would run.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/rel="modulepreload"/);
    expect(html).toContain('data-starts-scripts="live"');
  });

  test("a gallery item shows on its own; an unknown or malformed one is not found", async () => {
    expect((await visit("/en/embed?item=no-such-item")).status).toBe(404);
    expect((await visit("/en/embed?item=../x")).status).toBe(404);
    const item = await createMedia();
    const html = await (await visit(`/en/embed?item=${item.id}`)).text();
    expect(html).toContain(`href="/en/gallery/${item.id}"`);
    const hidden = await createMedia({ status: "hidden" });
    expect((await visit(`/en/embed?item=${hidden.id}`)).status).toBe(404);
  });

  test("under maintenance it says so, with a link to the site, and a 503", async () => {
    const { session } = await logIn();
    await postForm(MAINTENANCE, { intent: "maintenance", enabled: "on" }, { Cookie: session });
    try {
      const response = await visit("/en/embed", { headers: framed() });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("3600");
      const html = await response.text();
      expect(html).toContain("Work in progress");
      expect(html).not.toContain("Watch live");
    } finally {
      await postForm(MAINTENANCE, { intent: "maintenance", enabled: "off" }, { Cookie: session });
    }
  });

  test("a view in another site's frame is counted with that site; crawlers and the page outside a frame are not", async () => {
    await (await visit("/en/embed", { headers: { ...framed(), ...fromNewAddress() } })).text();
    await (
      await visit("/en/embed", {
        headers: { ...framed(), ...fromNewAddress(), "User-Agent": CRAWLER_UA },
      })
    ).text();
    await (await visit("/en/embed", { headers: fromNewAddress() })).text();
    await expect.poll(todaysCounts).toMatchObject({
      views: 1,
      "page /embed": 1,
      "referrer hotel-lago.example": 1,
      "embed hotel-lago.example": 1,
    });
    // Every embed view counts for its site, a returning visitor's too (unlike a referrer).
    const again = { ...framed(), "CF-Connecting-IP": `198.51.100.${clients - 2}` };
    await (await visit("/en/embed", { headers: again })).text();
    await expect.poll(todaysCounts).toMatchObject({
      views: 2,
      "embed hotel-lago.example": 2,
      "referrer hotel-lago.example": 1,
    });
  });
});
