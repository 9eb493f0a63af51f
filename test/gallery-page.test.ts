import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#app/.server/db/client.ts";
import { loadGalleryPage } from "#app/.server/gallery/gallery-page.ts";
import { addDays } from "#time/calendar-day.ts";
import { lakeDate } from "#time/lake-time.ts";
import { createMedia } from "./factories.ts";
import { visit } from "./helpers.ts";

const db = getDb(env.DB);
const page = (search = "", locale: "en" | "fr" = "en") =>
  loadGalleryPage(db, new URL(`https://lake.test/${locale}/gallery${search}`), locale, "/media");
const ids = (items: { id: string }[]) => items.map((item) => item.id);

// 31 published items, 6 of them featured (two more than the featured row holds), and a
// hidden one: a photo a day in May 2025, and the newest, "pagephoto", in June.
const published: string[] = ["pagephoto"];

beforeAll(async () => {
  for (let day = 1; day <= 30; day++) {
    const id = `photo${String(day).padStart(3, "0")}`;
    const featured = day % 6 === 0;
    await createMedia({
      id,
      titleEn: `Lake photo ${day}`,
      featured,
      takenAt: new Date(Date.UTC(2025, 4, day, 12)),
    });
    published.push(id);
  }
  await createMedia({
    id: "pagephoto",
    titleEn: "Harbour lights",
    titleDe: "Hafenlichter",
    featured: true,
  });
  await createMedia({ id: "hiddenone", titleEn: "Not for visitors", status: "hidden" });
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
      /<meta property="og:image" content="https:\/\/lakegarda-live\.example\/media\/media\/[0-9a-f]{64}\.jpg"\/>/,
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

describe("gallery paging and order", () => {
  test("pages past 24 items through the gallery's own loader, each item once", async () => {
    const first = await page("?type=all&sort=newest");
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?type=all&sort=newest&cursor=${first.nextCursor}`);
    expect(second.featured).toEqual([]);
    expect(second.nextCursor).toBeNull();
    const shown = ids([...first.featured, ...first.items, ...second.items]);
    expect(shown.toSorted()).toEqual(published.toSorted());
    expect(new Set(shown).size).toBe(shown.length);

    // The request "Show more" makes: the gallery route's own data, with the cursor.
    const response = await visit(
      `/en/gallery.data?type=all&sort=newest&cursor=${first.nextCursor}&_routes=en%2Fgallery`,
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(second.items[0]?.title);
    expect(body).not.toContain(first.items[0]?.title);
  });

  test("the default view shows featured items in their row and not again in the grid", async () => {
    const { featured, items } = await page();
    expect(ids(featured)).toEqual(["pagephoto", "photo030", "photo024", "photo018"]);
    expect(ids(items).filter((id) => ids(featured).includes(id))).toEqual([]);
    // Featured items beyond the row's four take their place in the grid.
    expect(ids(items)).toContain("photo012");
  });

  test("fetches only the largest paint, the first featured picture, eagerly and first", async () => {
    const html = await (await visit("/en/gallery")).text();
    // The featured row comes first, then the grid.
    const images = html.slice(html.indexOf('id="featured-title"')).match(/<img [^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(20);
    const [first, ...others] = images;
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    // On a phone the second featured picture lies below the fold, competing with the first.
    for (const image of others) expect(image).toContain('loading="lazy"');
  });

  test("sorting oldest first sorts every item by date, with no featured row on top", async () => {
    const first = await page("?sort=oldest");
    expect(first.featured).toEqual([]);
    expect(ids(first.items).slice(0, 3)).toEqual(["photo001", "photo002", "photo003"]);
    const html = await (await visit("/en/gallery?sort=oldest")).text();
    expect(html).not.toContain(">Featured</h2>");
  });

  test("search results show each match once, featured ones included", async () => {
    const { featured, items } = await page("?q=lake%20photo");
    expect(featured).toEqual([]);
    expect(ids(items)).toHaveLength(24);
    expect(new Set(ids(items)).size).toBe(24);
    expect(ids(items)[0]).toBe("photo030");
  });

  test("a malformed or foreign cursor shows the first page instead of failing", async () => {
    const first = await page();
    for (const cursor of ["nonsense", first.nextCursor]) {
      const response = await visit(`/en/gallery?sort=oldest&cursor=${cursor}`);
      expect(response.status, String(cursor)).toBe(200);
    }
    // A cursor is checked against its list only once the other fields parse; a stray one
    // beside them must fall back too.
    const wellFormed = btoa("[1]").replace(/=+$/, "");
    for (const query of [`sort=sideways&cursor=${wellFormed}`, `type=music&cursor=${wellFormed}`]) {
      const response = await visit(`/en/gallery?${query}`);
      expect(response.status, query).toBe(200);
    }
    expect(ids((await page("?cursor=nonsense")).items)).toEqual(ids(first.items));
  });
});

describe("yesterday's time-lapse placeholder", () => {
  test("stands in for the film until it is published, and never among photos or results", async () => {
    const waiting = await page();
    expect(["rendering", "late"]).toContain(waiting.yesterdaysTimelapse);
    expect((await page("?type=videos")).yesterdaysTimelapse).toBe(waiting.yesterdaysTimelapse);
    expect((await page("?type=photos")).yesterdaysTimelapse).toBe("arrived");
    expect((await page("?q=lake")).yesterdaysTimelapse).toBe("arrived");
    const card = "Yesterday&#x27;s time-lapse";
    expect(await (await visit("/en/gallery")).text()).toContain(card);

    // Noon UTC is on the same date at the lake.
    const yesterday = new Date(`${addDays(lakeDate(Date.now()), -1)}T12:00:00Z`);
    await createMedia({ type: "timelapse", status: "draft", takenAt: yesterday });
    expect((await page()).yesterdaysTimelapse).toBe(waiting.yesterdaysTimelapse);
    await createMedia({ type: "timelapse", takenAt: yesterday });
    expect((await page()).yesterdaysTimelapse).toBe("arrived");
    expect(await (await visit("/en/gallery")).text()).not.toContain(card);
  });
});
