import { parse } from "hono/utils/cookie";
import { LOCALE_COOKIE } from "#app/i18n/locales.ts";

/** A request with no cookie but the language choice: the owner's session and device cookies are others. */
export function carriesOnlyLanguageCookie(request: Request): boolean {
  const cookies = Object.keys(parse(request.headers.get("Cookie") ?? ""));
  return cookies.every((name) => name === LOCALE_COOKIE);
}
