import { index, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { defaultLocale, type Locale, locales } from "./i18n/locales";

/** Every page exists once per locale; German without a prefix, the others under /{locale}. */
function pages(locale: Locale) {
  const id = (name: string) => `${locale}/${name}`;
  return [
    index("routes/home.tsx", { id: id("home") }),
    route("about", "routes/about.tsx", { id: id("about") }),
    route("gallery/:id?", "routes/gallery.tsx", { id: id("gallery") }),
    route("contact", "routes/contact.tsx", { id: id("contact") }),
    route("admin", "routes/admin.tsx", { id: id("admin") }),
    route("terms", "routes/terms.tsx", { id: id("terms") }),
    route("imprint", "routes/imprint.tsx", { id: id("imprint") }),
    route("privacy", "routes/privacy.tsx", { id: id("privacy") }),
    route("*", "routes/not-found.tsx", { id: id("not-found") }),
  ];
}

export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...pages(defaultLocale),
  ...locales.filter((l) => l !== defaultLocale).flatMap((l) => prefix(l, pages(l))),
] satisfies RouteConfig;
