import { beforeAll, describe, expect, test } from "vitest";
import { oembedAnswer } from "#app/features/embed/embed-api.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { siteNames } from "#test/support/site-names.ts";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

const SITE = "https://lakegarda-live.example";

const oembed = (query: Record<string, string>) =>
  visit(`/api/oembed?${new URLSearchParams(query)}`);

/** The iframe's attribute in an answer's `html`. */
const attribute = (html: string, name: string) =>
  new RegExp(` ${name}="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&");

let photo = "";
beforeAll(async () => {
  await sendStill(Date.now() - 60_000);
  photo = (await createMedia()).id;
});

describe("oEmbed", () => {
  test.each(Object.entries(siteNames))(
    "the home, embed and gallery addresses in %s embed the camera",
    async (locale, name) => {
      for (const page of ["/", "/embed", "/gallery", `/gallery/${photo}`]) {
        const url = `${SITE}${localizePath(page, locale as keyof typeof siteNames)}`;
        const response = await oembed({ url });
        expect(response.status, url).toBe(200);
        expect(response.headers.get("Content-Type")).toContain("application/json");
        expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
        expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
        const answer = oembedAnswer.parse(await response.json());
        expect(answer).toMatchObject({
          version: "1.0",
          type: "rich",
          provider_name: name,
          width: 640,
          height: 432,
        });
        const html = String(answer.html);
        const src = attribute(html, "src") ?? "";
        expect(
          src.startsWith(`${SITE}${localizePath("/embed", locale as keyof typeof siteNames)}`),
        ).toBe(true);
        expect(src.includes(`item=${photo}`)).toBe(page === `/gallery/${photo}`);
        expect(attribute(html, "title")).toBeTruthy();
        expect(attribute(html, "allow")).toBe("fullscreen");
        expect(attribute(html, "width")).toBe("640");
        expect(attribute(html, "height")).toBe("432");
        expect(answer.thumbnail_url, url).toMatch(/^https:\/\//);
      }
    },
  );

  test("the frame and its thumbnail keep within maxwidth and maxheight", async () => {
    const ask = async (limits: Record<string, string>) =>
      oembedAnswer.parse(await (await oembed({ url: `${SITE}/en`, ...limits })).json());
    // The largest still version within the limits: 960 of 640, 960 and 1280 (and the full one).
    const wide = await ask({ maxwidth: "1000" });
    expect([wide.width, wide.height, wide.thumbnail_width, wide.thumbnail_height]).toEqual([
      640, 432, 960, 540,
    ]);
    const low = await ask({ maxheight: "300" });
    expect(low.height).toBeLessThanOrEqual(300);
    expect(low.width).toBe(405);
    // Nothing small enough: no thumbnail at all, never a part of one.
    const narrow = await ask({ maxwidth: "500" });
    expect([narrow.width, narrow.height]).toEqual([500, 353]);
    for (const answer of [low, narrow]) {
      expect(answer).not.toHaveProperty("thumbnail_url");
      expect(answer).not.toHaveProperty("thumbnail_width");
      expect(answer).not.toHaveProperty("thumbnail_height");
    }
  });

  test("another site, an unknown page, a hidden item are not found; XML is not offered; bad input is a 400", async () => {
    const hidden = (await createMedia({ status: "hidden" })).id;
    for (const url of [
      "https://elsewhere.example/en",
      `${SITE}/en/contact`,
      `${SITE}/en/gallery/no-such-item`,
      `${SITE}/en/gallery/${hidden}`,
    ]) {
      const response = await oembed({ url });
      expect(response.status, url).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
    expect((await oembed({ url: `${SITE}/en`, format: "xml" })).status).toBe(501);
    for (const query of [{ url: "not a url" }, { url: `${SITE}/en`, maxwidth: "0" }, {}]) {
      const response = await oembed(query as Record<string, string>);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_query" } });
    }
  });

  test("the home, embed and gallery pages name their oEmbed", async () => {
    for (const path of ["/en", "/en/embed", "/en/gallery"]) {
      const html = await (await visit(path)).text();
      const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
        html,
      )?.[1];
      expect(link, path).toBe(
        `${SITE}/api/oembed?${new URLSearchParams({ url: `${SITE}${path}`, format: "json" })}`.replaceAll(
          "&",
          "&amp;",
        ),
      );
    }
  });
});
