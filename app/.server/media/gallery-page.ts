import { z } from "zod";
import type { Locale } from "~/i18n/locales";
import { gallerySorts, galleryTabs } from "~/lib/media";
import type { Db } from "../db/client";
import { type ListFilters, MAX_QUERY_LENGTH, mediaPageQuery, toMediaPage } from "./list-media";
import { toPublicItem } from "./public-item";
import { getPublishedMedia } from "./published-media";

export const GALLERY_PAGE_SIZE = 24;
const FEATURED_COUNT = 4;

/** A page URL's filters; unknown values fall back to the defaults instead of failing. */
const pageParams = z.object({
  type: z.enum(galleryTabs).catch("all"),
  q: z.string().trim().max(MAX_QUERY_LENGTH).catch(""),
  sort: z.enum(gallerySorts).catch("newest"),
});

/** Everything the gallery page shows, read in one D1 round trip. */
export async function loadGalleryPage(db: Db, url: URL, locale: Locale) {
  const params = pageParams.parse({
    type: url.searchParams.get("type") ?? undefined,
    q: url.searchParams.get("q") ?? undefined,
    sort: url.searchParams.get("sort") ?? undefined,
  });
  const filters: ListFilters = {
    ...params,
    featured: "any",
    limit: GALLERY_PAGE_SIZE,
    lang: locale,
  };
  const featuredFilters: ListFilters = { ...filters, featured: "only", limit: FEATURED_COUNT };
  const showFeatured = params.type === "all" && !params.q;
  const [rows, featuredRows] = await db.batch([
    mediaPageQuery(db, filters),
    mediaPageQuery(db, showFeatured ? featuredFilters : { ...featuredFilters, limit: 0 }),
  ]);
  const page = toMediaPage(rows, filters);
  return {
    params,
    items: page.rows.map((row) => toPublicItem(row, locale)),
    nextCursor: page.nextCursor,
    featured: featuredRows.slice(0, FEATURED_COUNT).map((row) => toPublicItem(row, locale)),
  };
}

export async function loadGalleryItem(db: Db, id: string, locale: Locale) {
  const row = await getPublishedMedia(db, id);
  return row ? toPublicItem(row, locale) : null;
}
