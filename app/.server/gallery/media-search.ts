import { type SQL, sql } from "drizzle-orm";
import { media } from "#app/.server/db/schema.ts";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import type { Locale } from "#app/i18n/locales.ts";

/** A word as FTS5's unicode61 tokenizer sees one: everything else separates words. */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** Each word quoted (FTS5 operators stay plain text) and a prefix; null when nothing searchable is left. */
function matchQuery(text: string): string | null {
  const words = text.match(WORD);
  return words ? words.map((word) => `"${word}"*`).join(" ") : null;
}

function ownLanguageColumns(locale: Locale): string[] {
  return (["title", "description", "tags"] as const).map(
    (field) => media[localizedField(field, locale)].name,
  );
}

function matching(query: string): SQL {
  return sql`${media.id} in (select media_id from media_search where media_search match ${query})`;
}

/** Band 0 when every word matched in the visitor's own language, 1 when another was needed. */
export function mediaSearch(text: string, locale: Locale): { where: SQL; band?: SQL<number> } {
  const query = matchQuery(text);
  if (!query) return { where: sql`false` };
  const own = `{${ownLanguageColumns(locale).join(" ")}} : (${query})`;
  return {
    where: matching(query),
    band: sql<number>`(case when ${matching(own)} then 0 else 1 end)`,
  };
}
