// routes.ts, lingui.config.ts and the browser journeys read this outside Vite: no imports.

type SitePage = {
  /** Locale-free path ("/about"); the other languages prefix it. */
  path: string;
  /** The route module, relative to app/. */
  module: string;
  /** The route pattern when it is more than the path. */
  pattern?: string;
  /** Long texts in their own catalog, locales/{locale}/pages.po (ADR 003). */
  textPage?: boolean;
  /** Kept out of the sitemap and disallowed for crawlers. */
  private?: boolean;
};

/** Every page, once: the route table, the sitemap, robots.txt, the catalogs and the journeys. */
export const sitePages = [
  { path: "/", module: "routes/home.tsx" },
  { path: "/about", module: "routes/about.tsx", textPage: true },
  { path: "/gallery", module: "routes/gallery.tsx", pattern: "gallery/:id?" },
  { path: "/contact", module: "routes/contact.tsx", textPage: true },
  { path: "/admin", module: "routes/admin.tsx", private: true },
  { path: "/terms", module: "routes/terms.tsx", textPage: true },
  { path: "/imprint", module: "routes/imprint.tsx", textPage: true },
  { path: "/privacy", module: "routes/privacy.tsx", textPage: true },
] as const satisfies readonly SitePage[];

export type PagePath = (typeof sitePages)[number]["path"];

const pages: readonly SitePage[] = sitePages;

export const publicPagePaths = pages.filter((page) => !page.private).map((page) => page.path);
export const privatePagePaths = pages.filter((page) => page.private).map((page) => page.path);
export const textPageModules = pages.filter((page) => page.textPage).map((page) => page.module);

export function isTextPage(barePath: string): boolean {
  return pages.some((page) => page.textPage && page.path === barePath);
}
