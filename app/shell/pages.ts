// routes.ts, lingui.config.ts and the browser journeys read this outside Vite: no imports.

/** Catalogs beside the main one (ADR 003), each loaded only by the pages that use it. */
export const pageCatalogs = ["pages", "contact", "admin", "archive", "gallery"] as const;
export type PageCatalog = (typeof pageCatalogs)[number];

type ChildRoute = { path?: string; index?: true; module: string };

type SitePage = {
  /** Locale-free path ("/about"); the other languages prefix it. */
  path: string;
  module: string;
  /** The route pattern when it is more than the path. */
  pattern?: string;
  catalog?: PageCatalog;
  /** Kept out of the sitemap and disallowed for crawlers. */
  private?: boolean;
  children?: ChildRoute[];
};

/** Every page, once: the route table, the sitemap, robots.txt, the catalogs and the journeys. */
export const sitePages = [
  { path: "/", module: "routes/home.tsx" },
  { path: "/about", module: "routes/about.tsx", catalog: "pages" },
  { path: "/gallery", module: "routes/gallery.tsx", pattern: "gallery/:id?", catalog: "gallery" },
  { path: "/archive", module: "routes/archive.tsx", catalog: "archive" },
  { path: "/contact", module: "routes/contact.tsx", catalog: "contact" },
  {
    path: "/admin",
    module: "routes/admin/layout.tsx",
    catalog: "admin",
    private: true,
    children: [
      { index: true, module: "routes/admin/upload.tsx" },
      { path: "maintenance", module: "routes/admin/maintenance.tsx" },
      { path: "statistics", module: "routes/admin/statistics.tsx" },
    ],
  },
  { path: "/admin/login", module: "routes/admin/login.tsx", catalog: "admin", private: true },
  { path: "/terms", module: "routes/terms.tsx", catalog: "pages" },
  { path: "/imprint", module: "routes/imprint.tsx", catalog: "pages" },
  { path: "/privacy", module: "routes/privacy.tsx", catalog: "pages" },
] as const satisfies readonly SitePage[];

export type PagePath = (typeof sitePages)[number]["path"];

const pages: readonly SitePage[] = sitePages;

export const publicPagePaths = pages.filter((page) => !page.private).map((page) => page.path);
export const privatePagePaths = pages.filter((page) => page.private).map((page) => page.path);

export function catalogModules(catalog: PageCatalog): string[] {
  return pages
    .filter((page) => page.catalog === catalog)
    .flatMap((page) => [page.module, ...(page.children ?? []).map((child) => child.module)]);
}

export function catalogOf(barePath: string): PageCatalog | undefined {
  // Below a page's path lie its child routes, or its pattern's parameters (a gallery item).
  const page = pages.find(
    (candidate) =>
      candidate.path === barePath ||
      ((candidate.children !== undefined || candidate.pattern !== undefined) &&
        barePath.startsWith(`${candidate.path}/`)),
  );
  return page?.catalog;
}

/** The owner's area: the maintenance overlay never covers it. */
export function isAdminPath(barePath: string): boolean {
  return barePath === "/admin" || barePath.startsWith("/admin/");
}
