import { describe, expect, test } from "vitest";
import { jpegFrame } from "#app/.server/files/jpeg.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { sitePages } from "#app/shell/pages.ts";
import { logIn } from "./admin.ts";
import { visit } from "./helpers.ts";
import { boxBeforeCards, sendStill } from "./stills-factory.ts";

function metaOf(html: string) {
  const content = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: content("name", "description"),
    ogTitle: content("property", "og:title"),
    ogDescription: content("property", "og:description"),
    ogSiteName: content("property", "og:site_name"),
    twitterCard: content("name", "twitter:card"),
  };
}

describe("every page carries the spec's title, description and social tags", () => {
  const paths = [...sitePages.map((page) => page.path), "/no-such-page", "/gallery/nosuchitem1"];

  test.each(["de", "en"] as const)("in %s, the owner's dashboard included", async (locale) => {
    const siteName = locale === "en" ? "Lake Garda Live Camera" : "Gardasee Live-Kamera";
    // The admin dashboard answers the owner; anyone else is sent to the login page.
    const { session } = await logIn();
    for (const path of paths) {
      const url = localizePath(path, locale);
      let response = await visit(url);
      if (response.status === 302) response = await visit(url, { headers: { Cookie: session } });
      const meta = metaOf(await response.text());
      expect(meta.title, url).toMatch(new RegExp(`${siteName}$`));
      expect(meta.description, url).toBeTruthy();
      expect(meta.ogTitle, url).toBeTruthy();
      expect(meta.ogDescription, url).toBe(meta.description);
      expect(meta.ogSiteName, url).toBe(siteName);
      expect(meta.twitterCard, url).toMatch(/^summary/);
    }
  });

  test("error pages are kept out of search indexes and name no canonical URL", async () => {
    const html = await (await visit("/en/no-such-page")).text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe("a shared home page", () => {
  test("and About show the newest still's share card in their link preview, sized and named in the page's language", async () => {
    await sendStill(Date.now() - 60_000);
    for (const [path, alt] of [
      ["/", "Der Hafen, wie ihn die Kamera zuletzt gesehen hat"],
      ["/en", "The harbour, as the camera saw it last"],
      ["/en/about", "The harbour, as the camera saw it last"],
    ] as const) {
      const html = await (await visit(path)).text();
      const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(image).toMatch(
        /^https:\/\/lakegarda-live\.example\/media\/s\/[0-9a-f]{32}\/card\.jpg$/,
      );
      const url = new URL(image.replaceAll("&amp;", "&"));
      const card = await (await visit(url.pathname + url.search)).arrayBuffer();
      expect(jpegFrame(new Uint8Array(card))).toEqual({ width: 1200, height: 630 });
      expect(html).toContain('<meta property="og:image:width" content="1200"/>');
      expect(html).toContain('<meta property="og:image:height" content="630"/>');
      expect(html).toContain(`<meta property="og:image:alt" content="${alt}"/>`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
  });

  test("from a box before the share card, shows its 1280 px version with its true size", async () => {
    await sendStill(Date.now() - 30_000, boxBeforeCards);
    const html = await (await visit("/en")).text();
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/lakegarda-live\.example\/media\/s\/[0-9a-f]{32}\/medium\.jpg"\/>/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1280"/>');
    expect(html).toContain('<meta property="og:image:height" content="720"/>');
  });
});
