import robotsParser from "robots-parser";
import { describe, expect, test } from "vitest";
import { CRAWLER_UA, ORIGIN, postForm, visit } from "./helpers.ts";

async function expectMovedForGood(redirects: [path: string, target: string][]) {
  for (const [path, target] of redirects) {
    const response = await visit(path);
    expect(response.status, path).toBe(301);
    expect(response.headers.get("Location"), path).toBe(target);
  }
}

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("locale routing", () => {
  test("German has no prefix; the other languages live under theirs", async () => {
    const german = await visit("/about");
    expect(german.status).toBe(200);
    const germanHtml = await german.text();
    expect(langOf(germanHtml)).toBe("de");
    expect(titleOf(germanHtml)).toBe("Über uns · Gardasee Live-Kamera");

    const english = await (await visit("/en/about")).text();
    expect(langOf(english)).toBe("en");
    expect(titleOf(english)).toBe("About · Lake Garda Live Camera");

    for (const locale of ["it", "fr", "es"]) {
      const html = await (await visit(`/${locale}/privacy`)).text();
      expect(langOf(html)).toBe(locale);
    }
  });

  test("a page address in capitals redirects to the lowercase one", async () => {
    await expectMovedForGood([
      ["/EN/About", "/en/about"],
      ["/Gallery?tab=videos", "/gallery?tab=videos"],
      ["/fr/ARCHIVE", "/fr/archive"],
      ["/EN/gallery/%3Cscript%3E", "/en/gallery/%3Cscript%3E"],
    ]);
  });

  test("a German address with the prefix /de redirects for good to the one without", async () => {
    await expectMovedForGood([
      ["/de/imprint", "/imprint"],
      ["/de", "/"],
      ["/de/", "/"],
      ["/de/gallery?q=x&tab=videos", "/gallery?q=x&tab=videos"],
      ["/DE/Archive", "/archive"],
      ["/de//evil.example", "/evil.example"],
    ]);
    const german = await visit("/imprint");
    expect(german.status).toBe(200);
    // Only the page addresses: the API and a path that merely starts with "de" stay as they are.
    expect((await visit("/api/de/health")).status).toBe(404);
    expect((await visit("/api/stream/status")).status).toBe(200);
    expect((await visit("/deutsch")).status).toBe(404);
  });

  test("pages link their five alternates and a canonical URL", async () => {
    const html = await (await visit("/fr/terms")).text();
    expect(html).toContain(
      '<link rel="canonical" href="https://lakegarda-live.example/fr/terms"/>',
    );
    for (const [lang, href] of [
      ["de", "/terms"],
      ["en", "/en/terms"],
      ["it", "/it/terms"],
      ["fr", "/fr/terms"],
      ["es", "/es/terms"],
      ["x-default", "/terms"],
    ]) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${lang}" href="https://lakegarda-live.example${href}"/>`,
      );
    }
  });

  test("the bare root follows the language cookie, then the browser's languages", async () => {
    const byCookie = await visit("/", { headers: { Cookie: "lang=it", "Accept-Language": "fr" } });
    expect(byCookie.status).toBe(302);
    expect(byCookie.headers.get("Location")).toBe("/it");

    const byBrowser = await visit("/", { headers: { "Accept-Language": "es-ES,es;q=0.9" } });
    expect(byBrowser.headers.get("Location")).toBe("/es");

    const german = await visit("/", { headers: { Cookie: "lang=de", "Accept-Language": "en" } });
    expect(german.status).toBe(200);

    const crawler = await visit("/", {
      headers: { "User-Agent": CRAWLER_UA, "Accept-Language": "en" },
    });
    expect(crawler.status).toBe(200);

    const deeper = await visit("/about", { headers: { Cookie: "lang=en" } });
    expect(deeper.status).toBe(200);
  });

  test("picking a language sets a 365-day cookie and returns to the same page", async () => {
    const response = await postForm("/api/locale", { locale: "es", redirectTo: "/en/privacy?x=1" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/es/privacy?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toContain("lang=es");
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");

    const toGerman = await postForm("/api/locale", { locale: "de", redirectTo: "/es/privacy" });
    expect(toGerman.headers.get("Location")).toBe("/privacy");
  });

  test("the redirect never leaves the site, however the path is dressed up", async () => {
    for (const redirectTo of [
      "/en//evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/en/\\evil.example",
    ]) {
      const response = await postForm("/api/locale", { locale: "de", redirectTo });
      const location = response.headers.get("Location") ?? "";
      expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, "https://lake.test").host, redirectTo).toBe("lake.test");
    }
  });

  test("another site cannot set a visitor's language", async () => {
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" },
      { Origin: "null" },
    ];
    for (const headers of attempts) {
      const response = await postForm("/api/locale", { locale: "es", redirectTo: "/" }, headers);
      expect(response.status).toBe(403);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await response.json<{ error: { code: string } }>();
      expect(body.error.code).toBe("cross_site");
    }
  });

  test("a bad language choice is a 400 with no cookie", async () => {
    for (const fields of [
      { locale: "xx", redirectTo: "/" },
      { locale: "en", redirectTo: "//evil.example/" },
      { locale: "en", redirectTo: "https://evil.example/" },
    ]) {
      const response = await postForm("/api/locale", fields);
      expect(response.status).toBe(400);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const body = await response.json<{ error: { code: string } }>();
      expect(body.error.code).toBe("invalid_locale_choice");
    }
  });

  test("a language choice with a large body is refused before it is read", async () => {
    const response = await postForm("/api/locale", {
      locale: "en",
      redirectTo: "/",
      padding: "a".repeat(1_000_000),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  test("the sitemap lists every page in all five languages", async () => {
    const response = await visit("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.match(/<loc>/g)).toHaveLength(8 * 5);
    expect(xml).toContain("<loc>https://lakegarda-live.example/it/gallery</loc>");
    expect(xml).toContain("<loc>https://lakegarda-live.example/archive</loc>");
    expect(xml).toContain('hreflang="es" href="https://lakegarda-live.example/es/archive"');
    expect(xml).toContain('hreflang="fr" href="https://lakegarda-live.example/fr/contact"');
  });

  test("robots.txt lets crawlers fetch the pages and their pictures, not the rest of the API or admin", async () => {
    const text = await (await visit("/robots.txt")).text();
    const robots = robotsParser("https://lakegarda-live.example/robots.txt", text);
    const crawls = (path: string) => robots.isAllowed(`https://lakegarda-live.example${path}`);
    for (const path of [
      "/",
      "/en/gallery",
      "/api/stills/newest.jpg?v=1764000000000&version=medium",
      `/api/files/media/${"a".repeat(64)}.jpg`,
    ]) {
      expect(crawls(path), path).toBe(true);
    }
    for (const path of [
      "/api/weather",
      "/api/media",
      "/api/stream/status",
      "/api/admin/media",
      "/admin",
      "/en/admin/login",
    ]) {
      expect(crawls(path), path).toBe(false);
    }
    expect(robots.getSitemaps()).toEqual(["https://lakegarda-live.example/sitemap.xml"]);
  });
});
