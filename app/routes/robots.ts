import { requestScope } from "#app/.server/context.ts";
import { locales, localizePath } from "#app/i18n/locales.ts";
import { privatePagePaths } from "#app/shell/pages.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(requestScope);
  const privatePaths = privatePagePaths.flatMap((path) =>
    locales.map((locale) => `Disallow: ${localizePath(path, locale)}`),
  );
  const body = [
    "User-agent: *",
    // The pages' pictures are the API's; the rest of it is not for crawlers (longest match wins).
    "Allow: /api/stills/",
    "Allow: /api/files/",
    "Disallow: /api/",
    ...privatePaths,
    "",
    `Sitemap: ${new URL("/sitemap.xml", config.SITE_URL).href}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
