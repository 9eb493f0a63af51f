// Atom (RFC 4287): gallery items and the archive's best-of stills, in the request's language.
import { desc, eq } from "drizzle-orm";
import { archivedPicture } from "#app/.server/archive/still-picture.ts";
import type { RequestScope } from "#app/.server/context.ts";
import { media, stills } from "#app/.server/db/schema.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { archiveHref } from "#app/features/archive/stills.ts";
import { feedTexts } from "#app/features/feed/feed-texts.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { lakeWallClock } from "#time/lake-time.ts";
import { escapeXml } from "./xml.ts";

const ENTRIES = 30;

type Entry = { id: string; title: string; updated: Date; summary: string; enclosure?: string };

export async function atomFeed({ db, locale, i18n, config }: RequestScope): Promise<string> {
  const url = (path: string) => new URL(path, config.SITE_URL).href;
  const texts = feedTexts(i18n, locale);
  const [items, bestOf] = await db.batch([
    db
      .select()
      .from(media)
      .where(eq(media.status, "published"))
      .orderBy(desc(media.createdAt))
      .limit(ENTRIES),
    db
      .select()
      .from(stills)
      .where(eq(stills.bestOf, true))
      .orderBy(desc(stills.slot))
      .limit(ENTRIES),
  ]);
  const entries: Entry[] = [
    ...items.map((row) => {
      const item = toPublicItem(row, locale, mediaBase(config));
      return {
        id: url(localizePath(`/gallery/${item.id}`, locale)),
        title: item.title,
        updated: row.createdAt,
        summary: item.description || item.title,
        enclosure: url(item.type === "image" ? item.fileUrl : item.thumbnailUrl),
      };
    }),
    ...bestOf.map((row) => {
      const title = texts.bestOf(row.takenAt);
      return {
        id: url(
          archiveHref(localizePath("/archive", locale), {
            at: lakeWallClock(row.takenAt.getTime()),
          }),
        ),
        title,
        updated: row.takenAt,
        summary: title,
        enclosure: url(archivedPicture(row, mediaBase(config)).url),
      };
    }),
  ]
    .sort((a, b) => b.updated.getTime() - a.updated.getTime())
    .slice(0, ENTRIES);

  const self = url(localizePath("/feed.xml", locale));
  const siteName = texts.title;
  const updated = entries[0]?.updated ?? new Date(0);
  const entryXml = entries.map(
    (entry) => `<entry>
<id>${escapeXml(entry.id)}</id>
<title>${escapeXml(entry.title)}</title>
<updated>${entry.updated.toISOString()}</updated>
<link rel="alternate" type="text/html" href="${escapeXml(entry.id)}"/>
${entry.enclosure ? `<link rel="enclosure" href="${escapeXml(entry.enclosure)}"/>\n` : ""}<summary>${escapeXml(entry.summary)}</summary>
</entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">
<id>${escapeXml(self)}</id>
<title>${escapeXml(siteName)}</title>
<subtitle>${escapeXml(texts.subtitle)}</subtitle>
<updated>${updated.toISOString()}</updated>
<author><name>${escapeXml(siteName)}</name></author>
<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(url(localizePath("/", locale)))}"/>
${entryXml.join("\n")}
</feed>`;
}
