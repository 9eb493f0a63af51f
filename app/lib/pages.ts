/** The site's pages (locale-free paths), for the sitemap and the hreflang alternates. */
export const sitePages = [
  "/",
  "/about",
  "/gallery",
  "/contact",
  "/terms",
  "/imprint",
  "/privacy",
] as const;
