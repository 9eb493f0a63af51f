import { requestScope } from "#app/.server/context.ts";
import { locales, localizePath } from "#app/i18n/locales.ts";
import { publicPagePaths } from "#app/shell/pages.ts";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(requestScope);
  const url = (path: string) => new URL(path, config.SITE_URL).href;
  const entries = publicPagePaths.flatMap((page) =>
    locales.map((locale) => {
      const alternates = locales
        .map(
          (alt) =>
            `<xhtml:link rel="alternate" hreflang="${alt}" href="${url(localizePath(page, alt))}"/>`,
        )
        .join("");
      return `<url><loc>${url(localizePath(page, locale))}</loc>${alternates}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
