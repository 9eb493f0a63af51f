import { and, desc, eq, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { yesterdaysTimelapse } from "#app/features/timelapse/timelapse-labels.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { type ListFilters, listQuery, mediaPageQuery, toMediaPage } from "./list-media.ts";
import { type MediaRow, toPublicItem } from "./public-item.ts";
import { getPublishedMedia } from "./published-media.ts";

const GALLERY_PAGE_SIZE = 24;
const FEATURED_COUNT = 4;

function parseLeniently<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const refused = new Set(result.error.issues.map((issue) => issue.path[0]));
  const rest = Object.fromEntries(Object.entries(input).filter(([key]) => !refused.has(key)));
  // Again until the rest parses: checks across fields (the cursor's) only run once each parses.
  if (Object.keys(rest).length === Object.keys(input).length) return schema.parse(input);
  return parseLeniently(schema, rest);
}

function featuredRow(db: Db) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.status, "published"), eq(media.featured, true)))
    .orderBy(desc(media.takenAt), desc(media.id))
    .limit(FEATURED_COUNT);
}

function newestTimelapse(db: Db) {
  return db
    .select({ takenAt: media.takenAt })
    .from(media)
    .where(and(eq(media.status, "published"), eq(media.type, "timelapse")))
    .orderBy(desc(media.takenAt))
    .limit(1);
}

/** In the default view the grid leaves the featured row's items out, so each item shows once. */
export async function loadGalleryPage(db: Db, url: URL, locale: Locale, mediaBase: string) {
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  const query = parseLeniently(listQuery, {
    type: param("type"),
    q: param("q"),
    sort: param("sort"),
    cursor: param("cursor"),
    limit: GALLERY_PAGE_SIZE,
  });
  const filters: ListFilters = { ...query, lang: locale };
  const defaultView = filters.type === "all" && !filters.q && filters.sort === "newest";
  const shown = featuredRow(db).as("featured_row");
  const grid = mediaPageQuery(
    db,
    filters,
    defaultView ? { except: notInArray(media.id, db.select({ id: shown.id }).from(shown)) } : {},
  );
  // The first page of a view with videos, unsearched, may show yesterday's film's placeholder.
  const timelapseCard = !filters.cursor && filters.type !== "photos" && !filters.q;
  let rows: Awaited<typeof grid>;
  let featured: MediaRow[] = [];
  let films: { takenAt: Date }[] = [];
  if (timelapseCard && defaultView) {
    [rows, featured, films] = await db.batch([grid, featuredRow(db), newestTimelapse(db)]);
  } else if (timelapseCard) {
    [rows, films] = await db.batch([grid, newestTimelapse(db)]);
  } else {
    rows = await grid;
  }
  const page = toMediaPage(rows, filters);
  const now = new Date();
  return {
    params: { type: filters.type, q: filters.q, sort: filters.sort },
    items: page.rows.map((row) => toPublicItem(row, locale, mediaBase)),
    nextCursor: page.nextCursor,
    featured: featured.map((row) => toPublicItem(row, locale, mediaBase)),
    yesterdaysTimelapse: timelapseCard
      ? yesterdaysTimelapse(films[0]?.takenAt ?? null, now)
      : "arrived",
    renderedAt: now.getTime(),
  };
}

export async function loadGalleryItem(db: Db, id: string, locale: Locale, mediaBase: string) {
  const row = await getPublishedMedia(db, id);
  return row ? toPublicItem(row, locale, mediaBase) : null;
}
