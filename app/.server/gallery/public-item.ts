import type { media } from "#app/.server/db/schema.ts";
import { publicUrl } from "#app/.server/media-host/public-url.ts";
import type { PublicMediaItem } from "#app/features/gallery/gallery-api.ts";
import { localizedField } from "#app/features/gallery/localized-fields.ts";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales.ts";

export type MediaRow = typeof media.$inferSelect;

function fallbackChain(locale: Locale): Locale[] {
  return [...new Set<Locale>([locale, "en", defaultLocale, ...locales])];
}

function pick(row: MediaRow, field: "title" | "description" | "alt", locale: Locale): string {
  for (const candidate of fallbackChain(locale)) {
    const value = row[localizedField(field, candidate)];
    if (value) return value;
  }
  return "";
}

/** `mediaBase`: where the public bucket's files are (public-url.ts). */
export function toPublicItem(row: MediaRow, locale: Locale, mediaBase: string): PublicMediaItem {
  const fileUrl = (key: string) => publicUrl(mediaBase, key);
  return {
    id: row.id,
    type: row.type,
    title: pick(row, "title", locale),
    description: pick(row, "description", locale),
    alt: pick(row, "alt", locale),
    tags: row[localizedField("tags", locale)].split(",").filter(Boolean),
    source: row.source,
    featured: row.featured,
    likes: row.likeCount,
    views: row.viewCount,
    takenAt: row.takenAt.toISOString(),
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    contentType: row.contentType,
    fileUrl: fileUrl(row.fileKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    smallUrl: row.smallKey ? fileUrl(row.smallKey) : null,
    mediumUrl: row.mediumKey ? fileUrl(row.mediumKey) : null,
    cardUrl: row.cardKey ? fileUrl(row.cardKey) : null,
    sheet: row.tilesKey && row.zoom ? { url: fileUrl(row.tilesKey), index: row.zoom } : null,
  };
}
