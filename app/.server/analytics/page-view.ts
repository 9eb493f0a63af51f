import { stripLocale } from "~/i18n/locales";
import { OTHER_VALUE } from "~/lib/analytics-events";
import { publicPagePaths } from "~/lib/pages";
import { clientNetwork } from "../client-address";
import type { Db } from "../db/client";
import { utcDay, visitorId } from "../visitors/visitor-id";
import type { PageView } from "./counts";
import { deviceClass } from "./device-class";

/** A site page's language-free path, so the counters stay few whatever is posted. */
export function countedPage(path: string): string {
  const bare = stripLocale(path.length > 1 ? path.replace(/\/$/, "") : path);
  if ((publicPagePaths as readonly string[]).includes(bare)) return bare;
  if (bare.startsWith("/gallery/")) return "/gallery";
  return OTHER_VALUE;
}

/** The referring site's host without "www.", or null for none or this site itself. */
export function referrerHost(host: string | undefined, ownHost: string): string | null {
  const bare = host?.toLowerCase().replace(/^www\./, "");
  return bare && bare !== ownHost.replace(/^www\./, "") ? bare : null;
}

export function visitorLanguage(acceptLanguage: string | null): string {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const primary = first.split("-")[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : "";
}

/** The country Cloudflare located the request in (ISO 3166 code), "" when unknown. */
export function requestCountry(request: Request): string {
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX"
    ? country
    : "";
}

/** Global Privacy Control: counted as a view, never as a visitor, so not even a hash exists. */
export async function pageViewOf(
  db: Db,
  request: Request,
  beacon: { path: string; referrer?: string | undefined },
): Promise<PageView> {
  const { headers } = request;
  const userAgent = headers.get("User-Agent") ?? "";
  const day = utcDay();
  const optedOut = headers.get("Sec-GPC") === "1";
  return {
    day,
    visitor: optedOut ? null : await visitorId(db, `${clientNetwork(request)}\n${userAgent}`, day),
    page: countedPage(beacon.path),
    referrer: referrerHost(beacon.referrer, new URL(request.url).hostname),
    country: requestCountry(request),
    device: deviceClass(userAgent),
    language: visitorLanguage(headers.get("Accept-Language")),
  };
}
