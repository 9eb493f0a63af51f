import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#app/.server/db/client.ts";
import { media, networkDays } from "#app/.server/db/schema.ts";
import {
  type AdminMediaItem,
  MAX_BULK_ITEMS,
  MAX_SELECTION,
  type MatchingItems,
} from "#app/features/gallery/media-fields.ts";
import { logIn } from "./admin.ts";
import { expectConsoleError } from "./console-errors.ts";
import { createMedia, fakeBytes } from "./factories.ts";
import { BROWSER_UA, navigate, ORIGIN, visit, visitWith } from "./helpers.ts";
import { fakeUpstreamVars } from "./upstream-vars.ts";

const API = "/api/admin/media";
let owner = "";

beforeAll(async () => {
  owner = (await logIn()).session;
});

function asOwner(path: string, method = "GET", body?: unknown, cookie = owner) {
  return visit(path, {
    method,
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const row = (id: string) =>
  getDb(env.DB)
    .select()
    .from(media)
    .all()
    .then((rows) => rows.find((r) => r.id === id));

async function bucketKeys(): Promise<Set<string>> {
  const listed = await env.MEDIA.list({ prefix: "media/" });
  return new Set(listed.objects.map((object) => object.key));
}

describe("the owner's media API refuses", () => {
  test("anyone without a session, on every route, with 401", async () => {
    const item = await createMedia();
    const calls: [string, string, unknown?][] = [
      [API, "GET"],
      [`${API}/${item.id}`, "GET"],
      [`${API}/matching`, "GET"],
      [`${API}/${item.id}/thumbnail`, "GET"],
      [`${API}/${item.id}`, "PATCH", { status: "hidden" }],
      [`${API}/${item.id}`, "DELETE"],
      [`${API}/bulk`, "POST", { ids: [item.id], action: { kind: "delete" } }],
      [
        `${API}/translate`,
        "POST",
        { from: "en", to: ["it"], texts: { title: "Hi", description: "", tags: [] } },
      ],
    ];
    for (const [path, method, body] of calls) {
      const response = await asOwner(path, method, body, "");
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthorized" } });
    }
    expect((await row(item.id))?.status).toBe("published");
    expect((await bucketKeys()).has(item.fileKey)).toBe(true);
  });

  test("a cross-site write, even with the owner's cookie", async () => {
    const item = await createMedia();
    const response = await visit(`${API}/${item.id}`, {
      method: "DELETE",
      headers: { Cookie: owner, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await row(item.id)).toBeDefined();
  });

  test("invalid fields with 400 and changes nothing", async () => {
    const item = await createMedia({ titleEn: "Harbour" });
    for (const patch of [
      {},
      { status: "public" },
      { titleEn: "x".repeat(500) },
      { type: "gif" },
      { published: true },
      { tagsEn: ["a,b"] },
      { takenAt: "yesterday" },
      { machineTranslated: ["titleXx"] },
    ]) {
      const response = await asOwner(`${API}/${item.id}`, "PATCH", patch);
      expect(response.status, JSON.stringify(patch)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_fields" } });
    }
    const malformed = await visit(`${API}/${item.id}`, {
      method: "PATCH",
      headers: { Cookie: owner, Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    const huge = await asOwner(`${API}/${item.id}`, "PATCH", { titleEn: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(await row(item.id)).toMatchObject({ titleEn: "Harbour", status: "published" });
  });

  test("an unknown item with 404", async () => {
    expect((await asOwner(`${API}/nosuchitem`, "PATCH", { featured: true })).status).toBe(404);
    expect((await asOwner(`${API}/nosuchitem`, "DELETE")).status).toBe(404);
    expect((await asOwner(`${API}/../../etc`, "DELETE")).status).toBe(404);
    expect((await asOwner(`${API}/nosuchitem/thumbnail`)).status).toBe(404);
  });

  test("a bulk request that is not one, with 400", async () => {
    const item = await createMedia();
    for (const body of [
      { ids: [], action: { kind: "delete" } },
      { ids: [item.id, item.id], action: { kind: "delete" } },
      { ids: [item.id], action: { kind: "status", status: "public" } },
      { ids: [item.id], action: { kind: "rename" } },
      { ids: Array.from({ length: 101 }, (_, i) => `item-${i}x`), action: { kind: "delete" } },
    ]) {
      expect((await asOwner(`${API}/bulk`, "POST", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await row(item.id)).toBeDefined();
  });
});

describe("the owner's list", () => {
  test("shows drafts, published and hidden items with thumbnails only the owner can load", async () => {
    const draft = await createMedia({ status: "draft", titleEn: "Quiet lagoon draft" });
    const hidden = await createMedia({ status: "hidden", titleEn: "Quiet lagoon hidden" });
    const published = await createMedia({ status: "published", titleEn: "Quiet lagoon live" });
    const response = await asOwner(`${API}?q=lagoon&lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { items } = await response.json<{ items: AdminMediaItem[] }>();
    expect(items.map((i) => [i.id, i.status])).toEqual([
      [published.id, "published"],
      [hidden.id, "hidden"],
      [draft.id, "draft"],
    ]);

    const thumbnail = await asOwner(items[2]?.thumbnailUrl ?? "");
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect((await visit(items[2]?.thumbnailUrl ?? "")).status).toBe(401);
    // Visitors find only the published one, and no file of the others.
    const publicSearch = await (await visit("/api/media?q=lagoon&lang=en")).json<{
      items: { id: string }[];
    }>();
    expect(publicSearch.items.map((i) => i.id)).toEqual([published.id]);
    expect((await visit(`/api/files/${draft.thumbnailKey}`)).status).toBe(404);
  });

  test("pages with a cursor and filters by type", async () => {
    await createMedia({ type: "video", titleEn: "Pager clip one" });
    await createMedia({ type: "timelapse", titleEn: "Pager clip two" });
    await createMedia({ type: "image", titleEn: "Pager photo" });
    const first = await (await asOwner(`${API}?q=pager&type=videos&limit=1`)).json<{
      items: AdminMediaItem[];
      nextCursor: string;
    }>();
    expect(first.items).toHaveLength(1);
    const second = await (
      await asOwner(`${API}?q=pager&type=videos&limit=1&cursor=${first.nextCursor}`)
    ).json<{ items: AdminMediaItem[]; nextCursor: string | null }>();
    expect([...first.items, ...second.items].map((i) => i.type).sort()).toEqual([
      "timelapse",
      "video",
    ]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("selecting every item the list's filters match", () => {
  test("names all of them, far beyond the list's pages, drafts and hidden ones included", async () => {
    const photos: string[] = [];
    for (let i = 0; i < 60; i++) {
      const status = (["published", "draft", "hidden"] as const)[i % 3];
      photos.push((await createMedia({ status, titleEn: `Cove ${i}`, titleIt: `Baia ${i}` })).id);
    }
    await createMedia({ type: "video", titleEn: "Cove by boat" });
    await createMedia({ type: "image", titleEn: "Harbour wall" });

    const response = await asOwner(`${API}/matching?type=photos&q=cove&lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { items } = await response.json<MatchingItems>();
    expect(items.map((item) => item.id).sort()).toEqual(photos.sort());
    expect(items.find((item) => item.id === photos[7])).toEqual({
      id: photos[7],
      titleEn: "Cove 7",
      titleDe: "",
      titleIt: "Baia 7",
      titleFr: "",
      titleEs: "",
    });
    // The same search in all types finds the film too; a page of the list holds at most 48.
    const all = await (await asOwner(`${API}/matching?q=cove&lang=en`)).json<MatchingItems>();
    expect(all.items).toHaveLength(61);
  });

  test("refuses filters that are not the list's with 400, and more items than it takes with 422", async () => {
    for (const query of ["type=audio", `q=${"x".repeat(101)}`, "lang=xx"]) {
      const response = await asOwner(`${API}/matching?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ error: { code: "invalid_query" } });
    }
    // One more than the most it takes, written in one statement.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i <= ?)
       insert into media (id, type, title_en, status, taken_at, created_at, file_key,
         thumbnail_key, content_type, byte_size, width, height)
       select 'swarm' || i, 'image', 'Swarm ' || i, 'draft', 0, 0, 'media/swarm' || i || '.jpg',
         'media/swarm' || i || '-t.jpg', 'image/jpeg', 1, 16, 16 from n`,
    )
      .bind(MAX_SELECTION)
      .run();
    const tooMany = await asOwner(`${API}/matching?q=swarm`);
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({ error: { code: "too_many" } });
  });
});

describe("editing an item", () => {
  test("reads one item, a draft included, as the editor opens it; an unknown one is a 404", async () => {
    const draft = await createMedia({ status: "draft", titleEn: "Fresh upload" });
    const response = await asOwner(`${API}/${draft.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({
      id: draft.id,
      status: "draft",
      titleEn: "Fresh upload",
      thumbnailUrl: `${API}/${draft.id}/thumbnail`,
    });
    expect((await asOwner(`${API}/missing01`)).status).toBe(404);
  });

  test("saves every field and the gallery shows it in each language", async () => {
    const item = await createMedia({ status: "draft", titleEn: "Old" });
    const response = await asOwner(`${API}/${item.id}`, "PATCH", {
      titleEn: "Morning ferry",
      titleIt: "Traghetto del mattino",
      descriptionEn: "Leaving Torri del Benaco",
      tagsEn: ["ferry", "morning"],
      source: "Harbour camera",
      takenAt: "2026-05-04T06:30:00+02:00",
      featured: true,
      type: "video",
      status: "published",
      machineTranslated: ["titleIt"],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      titleEn: "Morning ferry",
      tagsEn: ["ferry", "morning"],
      takenAt: "2026-05-04T04:30:00.000Z",
      featured: true,
      type: "video",
      status: "published",
      machineTranslated: ["titleIt"],
    });
    const it = await (await visit(`/api/media/${item.id}?lang=it`)).json<{ title: string }>();
    expect(it.title).toBe("Traghetto del mattino");
    const en = await (await visit(`/api/media/${item.id}?lang=en`)).json<{ tags: string[] }>();
    expect(en.tags).toEqual(["ferry", "morning"]);
  });

  test("hiding or leaving it a draft takes it and its files away from visitors; publishing brings them back", async () => {
    const item = await createMedia({ status: "published" });
    const publicUrls = [
      `/api/media/${item.id}`,
      `/api/files/${item.fileKey}`,
      `/api/files/${item.thumbnailKey}`,
    ];
    for (const status of ["hidden", "draft"] as const) {
      expect((await asOwner(`${API}/${item.id}`, "PATCH", { status })).status).toBe(200);
      for (const url of publicUrls) expect((await visit(url)).status, `${status} ${url}`).toBe(404);
      const gallery = await (await visit("/api/media?limit=48")).json<{
        items: { id: string }[];
      }>();
      expect(gallery.items.map((i) => i.id)).not.toContain(item.id);
    }
    await asOwner(`${API}/${item.id}`, "PATCH", { status: "published" });
    for (const url of publicUrls) expect((await visit(url)).status, url).toBe(200);
  });
});

describe("deleting", () => {
  test("removes the item, its likes and views and every R2 object it had", async () => {
    const originalKey = `originals/${crypto.randomUUID()}.jpg`;
    const mediumKey = `media/${crypto.randomUUID()}.jpg`;
    const smallKey = `media/${crypto.randomUUID()}.jpg`;
    for (const key of [originalKey, mediumKey, smallKey]) await env.MEDIA.put(key, fakeBytes(64));
    const item = await createMedia({ originalKey, mediumKey, smallKey });
    const like = await visit(`/api/media/${item.id}/like`, {
      method: "POST",
      headers: { Origin: ORIGIN, "User-Agent": BROWSER_UA },
    });
    expect(like.status).toBe(200);
    expect((await navigate("/en/gallery", `/en/gallery/${item.id}`)).status).toBe(200);

    const response = await asOwner(`${API}/${item.id}`, "DELETE");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: item.id });
    expect(await row(item.id)).toBeUndefined();
    const days = await getDb(env.DB).select().from(networkDays).all();
    expect(days.flatMap((day) => day.liked).filter((id) => id === item.id)).toEqual([]);
    expect(days.flatMap((day) => day.viewed).filter((id) => id === item.id)).toEqual([]);
    const keys = await bucketKeys();
    expect(keys.has(item.fileKey)).toBe(false);
    expect(keys.has(item.thumbnailKey)).toBe(false);
    expect(await env.MEDIA.head(originalKey)).toBeNull();
    expect(await env.MEDIA.head(mediumKey)).toBeNull();
    expect(await env.MEDIA.head(smallKey)).toBeNull();
  });

  test("keeps a file another item still shows (the same photo uploaded twice)", async () => {
    const bytes = fakeBytes(2048);
    const first = await createMedia({ fileBytes: bytes });
    const second = await createMedia({ fileBytes: bytes });
    expect(second.fileKey).toBe(first.fileKey);
    expect((await asOwner(`${API}/${first.id}`, "DELETE")).status).toBe(200);
    expect((await visit(`/api/files/${second.fileKey}`)).status).toBe(200);
    expect((await bucketKeys()).has(first.thumbnailKey)).toBe(false);
  });
});

describe("bulk actions", () => {
  test("apply to every known item and name the ones they could not change", async () => {
    const a = await createMedia({ status: "published" });
    const b = await createMedia({ status: "draft" });
    const hide = await asOwner(`${API}/bulk`, "POST", {
      ids: [a.id, "missing01", b.id],
      action: { kind: "status", status: "hidden" },
    });
    expect(hide.status).toBe(200);
    expect(await hide.json()).toEqual({ done: [a.id, b.id], failed: ["missing01"] });
    expect((await row(a.id))?.status).toBe("hidden");

    const retype = await asOwner(`${API}/bulk`, "POST", {
      ids: [a.id, b.id],
      action: { kind: "type", type: "timelapse" },
    });
    expect(await retype.json()).toEqual({ done: [a.id, b.id], failed: [] });
    expect((await row(b.id))?.type).toBe("timelapse");

    const remove = await asOwner(`${API}/bulk`, "POST", {
      ids: ["missing02", a.id, b.id],
      action: { kind: "delete" },
    });
    expect(await remove.json()).toEqual({ done: [a.id, b.id], failed: ["missing02"] });
    const keys = await bucketKeys();
    for (const key of [a.fileKey, a.thumbnailKey, b.fileKey, b.thumbnailKey]) {
      expect(keys.has(key), key).toBe(false);
    }
  });

  test("as many items as one request may name, with all their files", async () => {
    const items = [];
    for (let i = 0; i < MAX_BULK_ITEMS; i++) {
      const originalKey = `originals/${crypto.randomUUID()}.jpg`;
      await env.MEDIA.put(originalKey, fakeBytes(64));
      // Files are content-addressed: random bytes, so that no other item shares them.
      const fileBytes = crypto.getRandomValues(new Uint8Array(64));
      items.push(await createMedia({ status: "draft", originalKey, fileBytes }));
    }
    const ids = items.map((item) => item.id);

    const publish = await asOwner(`${API}/bulk`, "POST", {
      ids,
      action: { kind: "status", status: "published" },
    });
    expect(publish.status).toBe(200);
    expect(await publish.json()).toEqual({ done: ids, failed: [] });

    const remove = await asOwner(`${API}/bulk`, "POST", { ids, action: { kind: "delete" } });
    expect(remove.status).toBe(200);
    expect(await remove.json()).toEqual({ done: ids, failed: [] });
    const keys = await bucketKeys();
    for (const item of items) {
      expect(keys.has(item.fileKey), item.fileKey).toBe(false);
      expect(await env.MEDIA.head(item.originalKey ?? ""), item.originalKey ?? "").toBeNull();
    }
  });
});

describe("translation", () => {
  const request = {
    from: "en",
    to: ["it", "de"],
    texts: { title: "Evening at Malcesine", description: "Lake Garda in June", tags: ["sunset"] },
  };

  test("answers each language with the place names kept in their own form", async () => {
    const response = await asOwner(`${API}/translate`, "POST", request);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      translations: {
        it: {
          title: "Evening at Malcesine (it)",
          description: "Lago di Garda in June (it)",
          tags: ["sunset-it"],
        },
        de: {
          title: "Evening at Malcesine (de)",
          description: "Gardasee in June (de)",
          tags: ["sunset-de"],
        },
      },
    });
  });

  test("says 'Translation failed' when the model fails, and refuses empty or bad requests", async () => {
    expectConsoleError(/translate: the translation model could not be reached/);
    const down = { ...env, ...fakeUpstreamVars("https://upstream.test", "ai-down", "http-500") };
    const response = await visitWith(down, `${API}/translate`, BROWSER_UA, {
      method: "POST",
      headers: { Cookie: owner, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: { code: "translation_failed", message: "Translation failed" },
    });
    const empty = { ...request, texts: { title: "", description: "", tags: [] } };
    expect((await asOwner(`${API}/translate`, "POST", empty)).status).toBe(400);
    expect((await asOwner(`${API}/translate`, "POST", { ...request, from: "xx" })).status).toBe(
      400,
    );
  });
});
