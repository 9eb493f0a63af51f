import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { base64url } from "jose";
import { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { media } from "#app/.server/db/schema.ts";
import { gallerySorts, galleryTabs, MAX_SEARCH_LENGTH } from "#app/features/gallery/media.ts";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales.ts";
import { mediaSearch } from "./media-search.ts";
import type { MediaRow } from "./public-item.ts";

const MAX_PAGE_SIZE = 48;

const cursorParam = z.string().transform((value, ctx) => {
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(value)));
    return z
      .array(z.union([z.number(), z.string()]))
      .max(4)
      .parse(json);
  } catch {
    ctx.addIssue({ code: "custom", message: "malformed cursor" });
    return z.NEVER;
  }
});

function encodeCursor(values: (number | string)[]): string {
  return base64url.encode(JSON.stringify(values));
}

const listFields = z.object({
  type: z.enum(galleryTabs).default("all"),
  q: z.string().trim().max(MAX_SEARCH_LENGTH).default(""),
  sort: z.enum(gallerySorts).default("newest"),
  featured: z.enum(["any", "first", "only"]).default("any"),
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
  // The request's scope reads it (requestLocale); named here so that a wrong one is a 400.
  lang: z.enum(locales).optional(),
});

/** Which items a list holds, whatever their order and page: its type, search and language. */
export const matchQuery = listFields.pick({ type: true, q: true, lang: true });
/** An item's own address takes the language alone. */
export const langQuery = listFields.pick({ lang: true });
export type MatchFilters = z.infer<typeof matchQuery> & { lang: Locale };

export const listQuery = listFields.superRefine((filters, ctx) => {
  // The keys' number and kinds do not depend on the language.
  const keys = sortKeys({ ...filters, lang: defaultLocale });
  const { cursor } = filters;
  if (
    cursor &&
    (cursor.length !== keys.length ||
      keys.some((key, i) => !key.valid.safeParse(cursor[i]).success))
  ) {
    ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor of another list" });
  }
});
export type ListFilters = z.infer<typeof listQuery> & { lang: Locale };

type Row = MediaRow & { band: number };

type SortKey = {
  column: AnyColumn | SQL;
  descending: boolean;
  read: (row: Row) => number | string;
  valid: z.ZodType;
};

const flag = z.union([z.literal(0), z.literal(1)]);

/** Most significant first; ORDER BY, the cursor and its check all derive from this one list. */
function sortKeys(filters: Omit<ListFilters, "cursor" | "limit">): SortKey[] {
  const newest = filters.sort === "newest";
  const band = filters.q ? mediaSearch(filters.q, filters.lang).band : undefined;
  return [
    ...(filters.featured === "first"
      ? [
          {
            column: media.featured,
            descending: true,
            read: (row: Row) => Number(row.featured),
            valid: flag,
          },
        ]
      : []),
    ...(band
      ? [{ column: band, descending: false, read: (row: Row) => row.band, valid: flag }]
      : []),
    {
      column: media.takenAt,
      descending: newest,
      read: (row) => row.takenAt.getTime(),
      valid: z.number().int().nonnegative().max(8.64e15), // the largest valid Date
    },
    {
      column: media.id,
      descending: newest,
      read: (row) => row.id,
      valid: z.string().min(1).max(64),
    },
  ];
}

/** Keyset pagination: strictly after the cursor's row in the list's own order. */
function after(keys: SortKey[], cursor: (number | string)[]): SQL | undefined {
  const [key, ...rest] = keys;
  const value = cursor[0];
  if (!key || value === undefined) return undefined;
  const beyond = key.descending ? sql`${key.column} < ${value}` : sql`${key.column} > ${value}`;
  return rest.length === 0
    ? beyond
    : or(beyond, and(sql`${key.column} = ${value}`, after(rest, cursor.slice(1))));
}

export type ListScope = { except?: SQL; owner?: boolean };

/** The items a list's filters and search match (all its pages); visitors': published only. */
export function listWhere(
  filters: MatchFilters & { featured?: ListFilters["featured"] },
  { except, owner }: ListScope = {},
): SQL | undefined {
  return and(
    owner ? undefined : eq(media.status, "published"),
    filters.type === "photos" ? eq(media.type, "image") : undefined,
    filters.type === "videos" ? inArray(media.type, ["video", "timelapse"]) : undefined,
    filters.featured === "only" ? eq(media.featured, true) : undefined,
    filters.q ? mediaSearch(filters.q, filters.lang).where : undefined,
    except,
  );
}

export function mediaPageQuery(db: Db, filters: ListFilters, scope: ListScope = {}) {
  const keys = sortKeys(filters);
  const band = filters.q ? mediaSearch(filters.q, filters.lang).band : undefined;
  return (
    db
      // Named: D1's batch answers rows as objects, where a column named "0" would sort first.
      .select({ ...getTableColumns(media), band: (band ?? sql<number>`0`).as("band") })
      .from(media)
      .where(
        and(listWhere(filters, scope), filters.cursor ? after(keys, filters.cursor) : undefined),
      )
      .orderBy(...keys.map((key) => (key.descending ? desc(key.column) : asc(key.column))))
      .limit(filters.limit + 1)
  );
}

type MediaPage = { rows: MediaRow[]; nextCursor: string | null };

export function toMediaPage(rows: Row[], filters: ListFilters): MediaPage {
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > filters.limit && last
      ? encodeCursor(sortKeys(filters).map((key) => key.read(last)))
      : null;
  return { rows: page, nextCursor };
}

export async function listMedia(
  db: Db,
  filters: ListFilters,
  scope: ListScope = {},
): Promise<MediaPage> {
  return toMediaPage(await mediaPageQuery(db, filters, scope), filters);
}
