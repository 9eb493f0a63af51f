import { desc, eq } from "drizzle-orm";
import { requestScope } from "#app/.server/context.ts";
import { media } from "#app/.server/db/schema.ts";
import { escapeXml } from "#app/.server/feed/xml.ts";
import { toPublicItem } from "#app/.server/gallery/public-item.ts";
import { mediaBase } from "#app/.server/media-host/public-url.ts";
import { locales, localizePath } from "#app/i18n/locales.ts";
import { publicPagePaths } from "#app/shell/pages.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestScope);
  const url = (path: string) => new URL(path, config.SITE_URL).href;
  const alternates = (page: string) =>
    locales
      .map(
        (alt) =>
          `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(localizePath(page, alt))}"/>`,
      )
      .join("");
  const pages = publicPagePaths.flatMap((page) =>
    locales.map(
      (locale) => `<url><loc>${url(localizePath(page, locale))}</loc>${alternates(page)}</url>`,
    ),
  );
  // Google's image and video sitemap extensions, in every language.
  const rows = await db
    .select()
    .from(media)
    .where(eq(media.status, "published"))
    .orderBy(desc(media.takenAt));
  const items = rows.flatMap((row) =>
    locales.map((locale) => {
      const item = toPublicItem(row, locale, mediaBase(config));
      const page = `/gallery/${item.id}`;
      const shown =
        item.type === "image"
          ? `<image:image><image:loc>${escapeXml(url(item.fileUrl))}</image:loc></image:image>`
          : `<video:video><video:thumbnail_loc>${escapeXml(url(item.thumbnailUrl))}</video:thumbnail_loc><video:title>${escapeXml(item.title)}</video:title><video:description>${escapeXml(item.description || item.title)}</video:description><video:content_loc>${escapeXml(url(item.fileUrl))}</video:content_loc>${item.durationSeconds ? `<video:duration>${Math.round(item.durationSeconds)}</video:duration>` : ""}<video:publication_date>${row.createdAt.toISOString()}</video:publication_date></video:video>`;
      return `<url><loc>${url(localizePath(page, locale))}</loc>${alternates(page)}${shown}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
${[...pages, ...items].join("\n")}
</urlset>`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
