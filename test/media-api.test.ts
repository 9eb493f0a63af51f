import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";

type Item = {
  id: string;
  type: string;
  title: string;
  likes: number;
  views: number;
  featured: boolean;
};
type Page = { items: Item[]; nextCursor: string | null };

async function list(query: string): Promise<Page> {
  const response = await visit(`/api/media?${query}`);
  expect(response.status, query).toBe(200);
  return response.json<Page>();
}
const ids = (page: Page) => page.items.map((item) => item.id);

beforeAll(async () => {
  // A small gallery: two photos, a video, a time-lapse, and one hidden photo.
  await createMedia({
    id: "sunset01",
    titleEn: "Sunset over the harbour",
    titleDe: "Sonnenuntergang am Hafen",
    descriptionEn: "Golden light on the water",
    tagsEn: ",sunset,harbour,",
    takenAt: new Date("2025-06-01T19:00:00Z"),
    featured: true,
  });
  await createMedia({
    id: "storm001",
    titleEn: "Storm front",
    titleIt: "Fronte temporalesco",
    tagsEn: ",storm,",
    takenAt: new Date("2025-06-02T15:00:00Z"),
  });
  await createMedia({
    id: "boats001",
    type: "video",
    titleEn: "Boats leaving the harbour",
    takenAt: new Date("2025-06-03T09:00:00Z"),
  });
  await createMedia({
    id: "daylapse",
    type: "timelapse",
    titleEn: "Yesterday at the lake",
    takenAt: new Date("2025-06-04T00:00:00Z"),
    durationSeconds: 180,
  });
  await createMedia({
    id: "secret01",
    titleEn: "Sunset draft",
    tagsEn: ",sunset,",
    status: "hidden",
    takenAt: new Date("2025-06-05T19:00:00Z"),
  });
});

describe("listing", () => {
  test("shows published items newest first, and filters photos and videos", async () => {
    expect(ids(await list(""))).toEqual(["daylapse", "boats001", "storm001", "sunset01"]);
    expect(ids(await list("type=photos"))).toEqual(["storm001", "sunset01"]);
    expect(ids(await list("type=videos"))).toEqual(["daylapse", "boats001"]);
    expect(ids(await list("sort=oldest"))).toEqual([
      "sunset01",
      "storm001",
      "boats001",
      "daylapse",
    ]);
  });

  test("puts featured items first when asked, or lists only them", async () => {
    expect(ids(await list("featured=first"))[0]).toBe("sunset01");
    expect(ids(await list("featured=only"))).toEqual(["sunset01"]);
  });

  test("pages through the list with a cursor, without gaps or repeats", async () => {
    for (const query of ["limit=3", "limit=1&sort=oldest", "limit=2&featured=first"]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await list(`${query}${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen.toSorted(), query).toEqual(["boats001", "daylapse", "storm001", "sunset01"]);
      expect(new Set(seen).size, query).toBe(4);
    }
  });

  test("searches titles, descriptions and tags in the visitor's language", async () => {
    expect(ids(await list("q=sonnenuntergang&lang=de"))).toEqual(["sunset01"]);
    expect(ids(await list("q=golden&lang=en"))).toEqual(["sunset01"]);
    expect(ids(await list("q=temporalesco&lang=it"))).toEqual(["storm001"]);
    expect(ids(await list("q=storm&lang=it"))).toEqual(["storm001"]); // the tag
    expect(ids(await list("q=nothing-like-this"))).toEqual([]);
  });

  test("falls back to English where a translation is missing", async () => {
    const page = await list("q=boats&lang=fr");
    expect(page.items[0]?.title).toBe("Boats leaving the harbour");
    const german = await list("q=sonnen&lang=de");
    expect(german.items[0]?.title).toBe("Sonnenuntergang am Hafen");
  });

  test("answers in the request's language: ?lang=, else the language cookie, else the browser's", async () => {
    const titles = async (headers: Record<string, string>, query = "") => {
      const page = await (
        await visit(`/api/media?featured=only${query}`, { headers })
      ).json<Page>();
      const item = await (await visit(`/api/media/sunset01?${query}`, { headers })).json<Item>();
      return [page.items[0]?.title, item.title];
    };
    const english = ["Sunset over the harbour", "Sunset over the harbour"];
    const german = ["Sonnenuntergang am Hafen", "Sonnenuntergang am Hafen"];
    expect(await titles({})).toEqual(german);
    expect(await titles({ Cookie: "lang=en" })).toEqual(english);
    expect(await titles({ "Accept-Language": "en-GB,en;q=0.8" })).toEqual(english);
    expect(await titles({ Cookie: "lang=en" }, "&lang=de")).toEqual(german);
  });

  test("treats % and _ in a search as plain characters", async () => {
    expect(ids(await list("q=%25"))).toEqual([]);
    expect(ids(await list("q=_"))).toEqual([]);
  });
});

describe("hidden items", () => {
  test("never appear in lists, by id, for likes, views or files", async () => {
    expect(ids(await list("q=draft"))).toEqual([]);
    expect((await visit("/api/media/secret01")).status).toBe(404);
    expect((await visit("/api/media/secret01/like", { method: "POST" })).status).toBe(404);
    expect((await visit("/en/gallery/secret01")).status).toBe(404);
    const row = await env.DB.prepare(
      "select file_key, like_count, view_count from media where id = 'secret01'",
    ).first<{
      file_key: string;
      like_count: number;
      view_count: number;
    }>();
    expect(row).toMatchObject({ like_count: 0, view_count: 0 });
    expect((await visit(`/api/files/${row?.file_key}`)).status).toBe(404);
  });
});

describe("bad input", () => {
  test.each([
    ["type=music", "type"],
    ["sort=sideways", "sort"],
    ["limit=1000", "limit"],
    ["limit=0", "limit"],
    ["cursor=not-a-cursor", "cursor"],
    [`cursor=${btoa(JSON.stringify({ t: 9e15, id: "x" }))}`, "cursor"],
    [`q=${"x".repeat(101)}`, "q"],
    ["lang=xx", "lang"],
  ])("?%s is a 400 naming %s", async (query, field) => {
    const response = await visit(`/api/media?${query}`);
    expect(response.status).toBe(400);
    const body = await response.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("invalid_query");
    expect(body.error.message).toContain(field);
  });

  test("unknown or malformed ids are 404s", async () => {
    for (const path of [
      "/api/media/nope0000",
      "/api/media/x",
      "/api/media/..%2F..",
      "/api/files/media/x.jpg",
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toContain("application/json");
    }
  });
});
