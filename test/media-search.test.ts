import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";

type Page = { items: { id: string; title: string }[]; nextCursor: string | null };

async function search(q: string, more = ""): Promise<string[]> {
  const response = await visit(`/api/media?q=${encodeURIComponent(q)}${more}`);
  expect(response.status, q).toBe(200);
  return (await response.json<Page>()).items.map((item) => item.id);
}

beforeAll(async () => {
  await createMedia({
    id: "sunset01",
    titleEn: "Sunset over the harbour",
    titleDe: "Sonnenuntergang am Hafen",
    titleIt: "Tramonto sul porto",
    descriptionFr: "Le soleil se couche derrière les collines de la rive ouest",
    tagsEn: ",evening,",
    tagsIt: ",crepuscolo,",
    takenAt: new Date("2025-06-01T19:00:00Z"),
  });
  await createMedia({
    id: "oldtown1",
    titleIt: "Piazza della città vecchia",
    titleEn: "The old town square",
    takenAt: new Date("2025-06-02T10:00:00Z"),
  });
  // Italian visitors: "lago" is in this one's Italian title...
  await createMedia({
    id: "lagoital",
    titleIt: "Mattina sul lago",
    titleEn: "Morning on the water",
    takenAt: new Date("2025-06-03T08:00:00Z"),
  });
  // ...and only in this newer one's Spanish title.
  await createMedia({
    id: "lagoespa",
    titleEs: "El lago en calma",
    titleEn: "A calm day",
    takenAt: new Date("2025-06-04T08:00:00Z"),
  });
  await createMedia({
    id: "lagoita2",
    titleIt: "Il lago di sera",
    takenAt: new Date("2025-06-05T20:00:00Z"),
  });
  await createMedia({
    id: "hidden01",
    titleEn: "Sunset draft",
    status: "draft",
    takenAt: new Date("2025-06-06T19:00:00Z"),
  });
});

describe("gallery search", () => {
  test("finds words in any order, and words as they are being typed", async () => {
    expect(await search("harbour sunset", "&lang=en")).toEqual(["sunset01"]);
    expect(await search("harb", "&lang=en")).toEqual(["sunset01"]);
    expect(await search("sun harb", "&lang=en")).toEqual(["sunset01"]);
    expect(await search("sunset harbour night", "&lang=en")).toEqual([]);
  });

  test("ignores accents and case: citta finds città", async () => {
    expect(await search("citta", "&lang=it")).toEqual(["oldtown1"]);
    expect(await search("CITTÀ vecchia", "&lang=it")).toEqual(["oldtown1"]);
    expect(await search("derriere", "&lang=fr")).toEqual(["sunset01"]);
  });

  test("searches titles, descriptions and tags in all five languages", async () => {
    for (const lang of ["de", "en", "it", "fr", "es"]) {
      expect(await search("sonnenuntergang", `&lang=${lang}`), lang).toEqual(["sunset01"]);
      expect(await search("collines", `&lang=${lang}`), lang).toEqual(["sunset01"]);
      expect(await search("evening", `&lang=${lang}`), lang).toEqual(["sunset01"]);
      expect(await search("crepuscolo", `&lang=${lang}`), lang).toEqual(["sunset01"]);
    }
  });

  test("ranks matches in the visitor's language before matches in another", async () => {
    // Newest first within each band; the Spanish-only match is the newest item of all.
    expect(await search("lago", "&lang=it")).toEqual(["lagoita2", "lagoital", "lagoespa"]);
    expect(await search("lago", "&lang=it&sort=oldest")).toEqual([
      "lagoital",
      "lagoita2",
      "lagoespa",
    ]);
    expect(await search("lago", "&lang=es")).toEqual(["lagoespa", "lagoita2", "lagoital"]);
  });

  test("pages through ranked results without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await visit(
        `/api/media?q=lago&lang=it&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      const page: Page = await response.json<Page>();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["lagoita2", "lagoital", "lagoespa"]);
  });

  test("answers every accepted query, however hostile or long", async () => {
    const hostile = [
      '"',
      '""sunset',
      "'",
      "*",
      "sunset*",
      "-sunset",
      "sunset -harbour",
      "NEAR(sunset harbour)",
      "sunset NOT harbour",
      "sunset OR",
      "AND",
      "title_en:sunset",
      "{title_en} : sunset",
      "^sunset",
      "sunset + harbour",
      "(((",
      "%",
      "_",
      "\\",
      "'; drop table media; --",
      "!!!",
      "🌅",
      "x".repeat(100),
      "è".repeat(100),
      "sunset ".repeat(15).slice(0, 100),
    ];
    for (const q of hostile) await search(q);
    // Operators are words like any other: these find the sunset, nothing more.
    expect(await search("-sunset", "&lang=en")).toEqual(["sunset01"]);
    expect(await search('"sunset"', "&lang=en")).toEqual(["sunset01"]);
    expect(await search("sunset ".repeat(15).slice(0, 100), "&lang=en")).toEqual(["sunset01"]);
    expect(await search("NOT", "&lang=en")).toEqual([]);
  });

  test("a search of 49 bytes or more works on the gallery page too", async () => {
    const q = "Le soleil se couche derrière les collines de la rive ouest";
    expect(new TextEncoder().encode(q).length).toBeGreaterThanOrEqual(49);
    const response = await visit(`/fr/gallery?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Sunset over the harbour");
  });

  test("hidden items are never found", async () => {
    expect(await search("draft", "&lang=en")).toEqual([]);
  });

  test("follows every change to an item: the index is kept in step by the database", async () => {
    await createMedia({ id: "renamed1", titleEn: "Fishing boats", takenAt: new Date() });
    expect(await search("fishing", "&lang=en")).toEqual(["renamed1"]);
    await env.DB.prepare(
      "update media set title_en = 'Sailing regatta', tags_en = ',sails,' where id = 'renamed1'",
    ).run();
    expect(await search("fishing", "&lang=en")).toEqual([]);
    expect(await search("regatta", "&lang=en")).toEqual(["renamed1"]);
    expect(await search("sails", "&lang=en")).toEqual(["renamed1"]);
    await env.DB.prepare("delete from media where id = 'renamed1'").run();
    expect(await search("regatta", "&lang=en")).toEqual([]);
    const { n } = (await env.DB.prepare(
      "select count(*) as n from media_search where media_id = 'renamed1'",
    ).first<{ n: number }>()) ?? { n: -1 };
    expect(n).toBe(0);
  });
});
