import { beforeAll, describe, expect, test } from "vitest";
import { locales, localizePath } from "#app/i18n/locales.ts";
import { publicPagePaths } from "#app/shell/pages.ts";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

type Node = Record<string, unknown> & { "@type": string };

/** Every JSON-LD node of a page, parsed as a search engine reads it. */
async function graphOf(path: string): Promise<Node[]> {
  const html = await (await visit(path)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)];
  return blocks.flatMap(([, json]) => (JSON.parse(json ?? "{}") as { "@graph": Node[] })["@graph"]);
}
const ofType = (graph: Node[], type: string) => graph.find((node) => node["@type"] === type);

beforeAll(async () => {
  await sendStill(Date.now() - 5 * 60_000);
  await createMedia({ id: "ldphoto01", titleEn: "Morning boats", descriptionEn: "Still water" });
  await createMedia({ id: "ldfilm001", type: "timelapse", titleEn: "Time-lapse of Sunday" });
});

describe("structured data", () => {
  test.each(locales)(
    "every public page names the site and the camera's place (%s)",
    async (locale) => {
      for (const page of publicPagePaths) {
        const graph = await graphOf(localizePath(page, locale));
        expect(ofType(graph, "WebSite"), page).toMatchObject({
          name: expect.any(String),
          inLanguage: locale,
        });
        expect(ofType(graph, "Place"), page).toMatchObject({
          name: expect.any(String),
          geo: { "@type": "GeoCoordinates", latitude: 45.6106, longitude: 10.6858 },
        });
      }
    },
  );

  test("the home page's and the archive's still is an ImageObject with its moment, place and credit", async () => {
    for (const path of ["/en", "/en/archive"]) {
      const still = ofType(await graphOf(path), "ImageObject");
      expect(still, path).toMatchObject({
        contentUrl: expect.stringMatching(/^https:\/\/lakegarda-live\.example\/media\/s\//),
        dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        contentLocation: { "@type": "Place", geo: { "@type": "GeoCoordinates" } },
        creditText: "Lake Garda Live Camera",
        copyrightNotice: expect.stringMatching(/^© /),
        acquireLicensePage: "https://lakegarda-live.example/en/terms",
      });
    }
  });

  test("a gallery photo is an ImageObject and a time-lapse a VideoObject, in the page's language", async () => {
    const photo = ofType(await graphOf("/en/gallery/ldphoto01"), "ImageObject");
    expect(photo).toMatchObject({
      name: "Morning boats",
      description: "Still water",
      contentUrl: expect.stringMatching(/\/media\/media\/[0-9a-f]{64}\.jpg$/),
      creditText: "Lake Garda Live Camera",
      copyrightNotice: expect.any(String),
    });
    const film = ofType(await graphOf("/gallery/ldfilm001"), "VideoObject");
    expect(film).toMatchObject({
      name: expect.any(String),
      description: expect.any(String),
      thumbnailUrl: expect.stringMatching(/\/media\/media\//),
      uploadDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      duration: "PT10S",
      contentUrl: expect.stringMatching(/\/media\/media\/[0-9a-f]{64}\.mp4$/),
      inLanguage: "de",
    });
  });
});
