import { parse } from "hono/utils/cookie";

export const locales = ["de", "en", "it", "fr", "es"] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = "de";

export const localeInfo: Record<Locale, { tag: string; name: string }> = {
  de: { tag: "de-DE", name: "Deutsch" },
  en: { tag: "en-US", name: "English" },
  it: { tag: "it-IT", name: "Italiano" },
  fr: { tag: "fr-FR", name: "Français" },
  es: { tag: "es-ES", name: "Español" },
};

export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

function prefixOf(pathname: string): Locale | null {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== defaultLocale ? first : null;
}

export function localeFromPath(pathname: string): Locale {
  return prefixOf(pathname) ?? defaultLocale;
}

export function pagePath(pathname: string): string {
  const bare = pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.replace(/\.data$/, "");
  return bare.length > 1 ? bare.replace(/\/$/, "") : bare;
}

export function requestLocale(url: URL, headers: Headers): Locale {
  if (!url.pathname.startsWith("/api/")) return localeFromPath(pagePath(url.pathname));
  const param = url.searchParams.get("lang");
  if (isLocale(param)) return param;
  return (
    readLocaleCookie(headers.get("Cookie")) ??
    negotiateLocale(headers.get("Accept-Language")) ??
    defaultLocale
  );
}

export function stripLocale(pathname: string): string {
  const prefix = prefixOf(pathname);
  if (!prefix) return pathname;
  return pathname.slice(prefix.length + 1) || "/";
}

export function localizePath(path: string, locale: Locale): string {
  const bare = stripLocale(path);
  if (locale === defaultLocale) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

export function negotiateLocale(acceptLanguage: string | null): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(",")
    .map((part) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: range.toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ q }) => Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map(({ lang }) => lang).find(isLocale) ?? null;
}

export function readLocaleCookie(cookieHeader: string | null): Locale | null {
  const value = parse(cookieHeader ?? "", LOCALE_COOKIE)[LOCALE_COOKIE];
  return isLocale(value) ? value : null;
}
