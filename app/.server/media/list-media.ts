import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { locales } from "~/i18n/locales";
import { localizedField } from "~/lib/localized-fields";
import { gallerySorts, galleryTabs } from "~/lib/media";
import type { Db } from "../db/client";
import { media } from "../db/schema";
import { fallbackChain, type MediaRow } from "./public-item";

export const MAX_PAGE_SIZE = 48;
export const MAX_QUERY_LENGTH = 100;

/** Where the previous page ended, as an opaque string for the client. */
const cursorSchema = z.object({
  t: z.number().int().nonnegative().max(8.64e15), // the largest valid Date
  id: z.string().min(1).max(64),
  f: z.union([z.literal(0), z.literal(1)]).optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify(cursor)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const cursorParam = z.string().transform((value, ctx) => {
  try {
    const json = atob(value.replaceAll("-", "+").replaceAll("_", "/"));
    return cursorSchema.parse(JSON.parse(json));
  } catch {
    ctx.addIssue({ code: "custom", message: "malformed cursor" });
    return z.NEVER;
  }
});

export const listFilters = z.object({
  type: z.enum(galleryTabs).default("all"),
  q: z.string().trim().max(MAX_QUERY_LENGTH).default(""),
  sort: z.enum(gallerySorts).default("newest"),
  featured: z.enum(["any", "first", "only"]).default("any"),
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
  lang: z.enum(locales).default("de"),
});
export type ListFilters = z.infer<typeof listFilters>;

/** The first non-empty translation, in the order the visitor would read them. */
function localized(field: "title" | "description", filters: ListFilters): SQL {
  const chain = fallbackChain(filters.lang).map(
    (l) => sql`nullif(${media[localizedField(field, l)]}, '')`,
  );
  return sql`coalesce(${sql.join(chain, sql`, `)}, '')`;
}

function searchCondition(filters: ListFilters): SQL | undefined {
  if (!filters.q) return undefined;
  const escaped = filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = `%${escaped}%`;
  return or(
    sql`lower(${localized("title", filters)}) like ${pattern} escape '\\'`,
    sql`lower(${localized("description", filters)}) like ${pattern} escape '\\'`,
    sql`${media.tags} like ${pattern} escape '\\'`,
  );
}

/** Keyset pagination: strictly after the cursor in the list's own order. */
function afterCursor(cursor: Cursor | undefined, filters: ListFilters): SQL | undefined {
  if (!cursor) return undefined;
  const newest = filters.sort === "newest";
  const beyond = (column: SQL | typeof media.takenAt | typeof media.id, value: unknown) =>
    newest ? sql`${column} < ${value}` : sql`${column} > ${value}`;
  const afterDate = or(
    beyond(media.takenAt, cursor.t),
    and(eq(media.takenAt, new Date(cursor.t)), beyond(media.id, cursor.id)),
  );
  if (filters.featured !== "first" || cursor.f === undefined) return afterDate;
  return or(
    sql`${media.featured} < ${cursor.f}`,
    and(sql`${media.featured} = ${cursor.f}`, afterDate),
  );
}

/** The query for one page (plus one row to know whether more follow); batchable. */
export function mediaPageQuery(db: Db, filters: ListFilters) {
  const direction = filters.sort === "newest" ? desc : asc;
  return db
    .select()
    .from(media)
    .where(
      and(
        eq(media.published, true),
        filters.type === "photos" ? eq(media.type, "image") : undefined,
        filters.type === "videos" ? inArray(media.type, ["video", "timelapse"]) : undefined,
        filters.featured === "only" ? eq(media.featured, true) : undefined,
        searchCondition(filters),
        afterCursor(filters.cursor, filters),
      ),
    )
    .orderBy(
      ...(filters.featured === "first" ? [desc(media.featured)] : []),
      direction(media.takenAt),
      direction(media.id),
    )
    .limit(filters.limit + 1);
}

export type MediaPage = { rows: MediaRow[]; nextCursor: string | null };

export function toMediaPage(rows: MediaRow[], filters: ListFilters): MediaPage {
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last
      ? encodeCursor({
          t: last.takenAt.getTime(),
          id: last.id,
          f: filters.featured === "first" ? (last.featured ? 1 : 0) : undefined,
        })
      : null;
  return { rows: page, nextCursor };
}

export async function listMedia(db: Db, filters: ListFilters): Promise<MediaPage> {
  return toMediaPage(await mediaPageQuery(db, filters), filters);
}
