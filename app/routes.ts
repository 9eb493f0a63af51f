import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { defaultLocale, type Locale, locales } from "#app/i18n/locales.ts";
import { sitePages } from "#app/shell/pages.ts";

/** Every page exists once per locale; German without a prefix, the others under /{locale}. */
function pages(locale: Locale) {
  const id = (module: string) => `${locale}/${module.replace(/^routes\/|\.tsx$/g, "")}`;
  return [
    ...sitePages.map((page) => {
      if (page.path === "/") return index(page.module, { id: id(page.module) });
      const children =
        "children" in page
          ? page.children.map((child) =>
              "index" in child
                ? index(child.module, { id: id(child.module) })
                : route(child.path, child.module, { id: id(child.module) }),
            )
          : undefined;
      const pattern = "pattern" in page ? page.pattern : page.path.slice(1);
      return route(pattern, page.module, { id: id(page.module) }, children);
    }),
    route("feed.xml", "routes/feed.ts", { id: id("routes/feed.ts") }),
    route("*", "routes/not-found.tsx", { id: id("routes/not-found.tsx") }),
  ];
}

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...pages(defaultLocale),
  ...locales.filter((l) => l !== defaultLocale).flatMap((l) => prefix(l, pages(l))),
] satisfies RouteConfig;
