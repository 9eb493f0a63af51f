import { isbot } from "isbot";
import { defaultLocale, negotiateLocale, readLocaleCookie } from "#app/i18n/locales.ts";

export function rootLocaleRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname !== "/" || request.method !== "GET") return null;
  if (isbot(request.headers.get("User-Agent") ?? "")) return null;
  const chosen =
    readLocaleCookie(request.headers.get("Cookie")) ??
    negotiateLocale(request.headers.get("Accept-Language"));
  if (!chosen || chosen === defaultLocale) return null;
  return new Response(null, {
    status: 302,
    headers: {
      Location: `/${chosen}${url.search}`,
      Vary: "Cookie, Accept-Language",
      "Cache-Control": "private, no-store",
    },
  });
}

export function lowercasePathRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/assets/")) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const canonical = canonicalPagePath(url.pathname);
  if (canonical === url.pathname) return null;
  return new Response(null, { status: 301, headers: { Location: `${canonical}${url.search}` } });
}

function canonicalPagePath(pathname: string): string {
  // Percent escapes keep their case: "%3C" is the address's own spelling, not a capital.
  const lower = pathname.replace(
    /(%[0-9A-Fa-f]{2})|[A-Z]/g,
    (char, percent) => percent ?? char.toLowerCase(),
  );
  const prefix = `/${defaultLocale}`;
  if (lower !== prefix && !lower.startsWith(`${prefix}/`)) return lower;
  // "/de//evil.example" must not become the protocol-relative "//evil.example".
  return `/${lower.slice(prefix.length).replace(/^[/\\]+/, "")}`;
}
