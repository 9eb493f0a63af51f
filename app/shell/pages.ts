// routes.ts, lingui.config.ts and the browser journeys read this outside Vite: no imports.

// `live` and `zoom` load with the live session and the zoom viewer, on intent, not with a page.
export const pageCatalogs = [
  "pages",
  "legal",
  "contact",
  "admin",
  "archive",
  "gallery",
  "live",
  "zoom",
  "embed",
] as const;
export type PageCatalog = (typeof pageCatalogs)[number];

type ChildRoute = { path?: string; index?: true; module: string };

type SitePage = {
  path: string;
  module: string;
  pattern?: string;
  catalog?: PageCatalog;
  private?: boolean;
  frame?: true;
  children?: ChildRoute[];
};

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
      { path: "camera", module: "routes/admin/camera.tsx" },
    ],
  },
  { path: "/admin/login", module: "routes/admin/login.tsx", catalog: "admin", private: true },
  { path: "/terms", module: "routes/terms.tsx", catalog: "legal" },
  { path: "/imprint", module: "routes/imprint.tsx", catalog: "legal" },
  { path: "/privacy", module: "routes/privacy.tsx", catalog: "legal" },
  { path: "/embed", module: "routes/embed.tsx", catalog: "embed", frame: true },
] as const satisfies readonly SitePage[];

export type PagePath = (typeof sitePages)[number]["path"];

const pages: readonly SitePage[] = sitePages;

const pathsOf = (keep: (page: SitePage) => boolean) => pages.filter(keep).map((page) => page.path);

// Pure: the browser's bundle, which reads none of them, drops them.
/** The site's own pages: the sitemap's, the journeys' tours. */
export const publicPagePaths = /* @__PURE__ */ pathsOf((page) => !page.private && !page.frame);
export const framePagePaths = /* @__PURE__ */ pathsOf((page) => page.frame === true);
export const privatePagePaths = /* @__PURE__ */ pathsOf((page) => page.private === true);

export function catalogModules(catalog: PageCatalog): string[] {
  return pages
    .filter((page) => page.catalog === catalog)
    .flatMap((page) => [page.module, ...(page.children ?? []).map((child) => child.module)]);
}

export function catalogOf(barePath: string): PageCatalog | undefined {
  const page = pages.find(
    (candidate) =>
      candidate.path === barePath ||
      ((candidate.children !== undefined || candidate.pattern !== undefined) &&
        barePath.startsWith(`${candidate.path}/`)),
  );
  return page?.catalog;
}

export function isFramePath(barePath: string): boolean {
  return (framePagePaths as readonly string[]).includes(barePath);
}

export function isAdminPath(barePath: string): boolean {
  return barePath === "/admin" || barePath.startsWith("/admin/");
}
