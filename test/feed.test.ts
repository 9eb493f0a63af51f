import { env } from "cloudflare:workers";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, test } from "vitest";
import { MINUTE_MS } from "#time/durations.ts";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";
import { sendStill } from "./stills-factory.ts";

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "entry" });
type Link = { "@_rel": string; "@_href": string };
type Entry = { id: string; title: string; updated: string; link: Link | Link[]; summary: string };
type Feed = {
  feed: { id: string; title: string; updated: string; author: { name: string }; entry: Entry[] };
};

async function read(path: string): Promise<Feed> {
  const response = await visit(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
  const xml = await response.text();
  expect(XMLValidator.validate(xml), path).toBe(true);
  return parser.parse(xml) as Feed;
}

const links = (entry: Entry) => (Array.isArray(entry.link) ? entry.link : [entry.link]);
const rfcDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

beforeAll(async () => {
  await createMedia({ id: "feedphoto", titleEn: "Boats at dawn", titleDe: "Boote im Morgenlicht" });
  await createMedia({ id: "feedfilm1", type: "timelapse", titleEn: "Time-lapse of Monday" });
  await createMedia({ id: "feedhidden", titleEn: "Not for the feed", status: "hidden" });
  await sendStill(Date.now() - 20 * MINUTE_MS);
  await env.DB.prepare("UPDATE stills SET best_of = 1").run();
});

describe("the Atom feed", () => {
  test("has RFC 4287's required elements, in each language, with what is new and published", async () => {
    for (const [path, title, photo] of [
      ["/feed.xml", "Gardasee Live-Kamera", "Boote im Morgenlicht"],
      ["/en/feed.xml", "Lake Garda Live Camera", "Boats at dawn"],
    ] as const) {
      const { feed } = await read(path);
      expect(feed.id).toBe(`https://lakegarda-live.example${path}`);
      expect(feed.title).toContain(title);
      expect(feed.updated).toMatch(rfcDate);
      expect(feed.author.name).toBeTruthy();
      for (const entry of feed.entry) {
        expect([entry.id, entry.title, entry.summary]).not.toContain("");
        expect(entry.updated).toMatch(rfcDate);
        expect(links(entry).map((link) => link["@_rel"])).toContain("alternate");
      }
      const titles = feed.entry.map((entry) => entry.title);
      expect(titles).toContain(photo);
      expect(titles).not.toContain("Not for the feed");
      expect(
        titles.filter((text) => /^(Best of the day|Das Beste des Tages)/.test(text)),
      ).toHaveLength(1);
    }
    const { feed } = await read("/en/feed.xml");
    const film = feed.entry.find((entry) => entry.title === "Time-lapse of Monday");
    expect(film?.id).toBe("https://lakegarda-live.example/en/gallery/feedfilm1");
    const best = feed.entry.find((entry) => entry.title.startsWith("Best of the day"));
    expect(best?.id).toMatch(/^https:\/\/lakegarda-live\.example\/en\/archive\?at=\d{4}-/);
    expect(links(best as Entry).find((link) => link["@_rel"] === "enclosure")?.["@_href"]).toMatch(
      /\/media\/s\/[0-9a-f]{32}\/still\.jpg$/,
    );
  });

  test("is named on every page for feed readers", async () => {
    for (const [page, feed] of [
      ["/", "/feed.xml"],
      ["/it/gallery", "/it/feed.xml"],
    ] as const) {
      const html = await (await visit(page)).text();
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" type="application/atom\\+xml" href="${feed}"`),
      );
    }
  });
});

describe("the sitemap", () => {
  test("lists each published item's page with its picture or its video", async () => {
    const xml = await (await visit("/sitemap.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const urls = (
      parser.parse(xml) as {
        urlset: {
          url: { loc: string; "image:image"?: unknown; "video:video"?: Record<string, unknown> }[];
        };
      }
    ).urlset.url;
    const photo = urls.find(
      (url) => url.loc === "https://lakegarda-live.example/en/gallery/feedphoto",
    );
    expect(photo?.["image:image"]).toEqual({
      "image:loc": expect.stringMatching(/\/media\/media\//),
    });
    const film = urls.find((url) => url.loc === "https://lakegarda-live.example/gallery/feedfilm1");
    expect(film?.["video:video"]).toMatchObject({
      "video:title": expect.any(String),
      "video:description": expect.any(String),
      "video:thumbnail_loc": expect.stringMatching(/\/media\/media\//),
      "video:content_loc": expect.stringMatching(/\/media\/media\//),
    });
    expect(urls.some((url) => url.loc.endsWith("/gallery/feedhidden"))).toBe(false);
  });
});
