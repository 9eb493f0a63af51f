import type { Db } from "#app/.server/db/client.ts";
import { MEDIA_ID_PATTERN } from "#app/.server/gallery/published-media.ts";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { networkId, utcDay, visitorId } from "#app/.server/pseudonyms/visitor-id.ts";
import { stripLocale } from "#app/i18n/locales.ts";
import { framePagePaths, publicPagePaths } from "#app/shell/pages.ts";
import type { PageView } from "./counts.ts";
import { deviceClass } from "./device-class.ts";
import { networkBucket } from "./referrer-networks.ts";

const barePath = (path: string) => stripLocale(path.length > 1 ? path.replace(/\/$/, "") : path);

export function galleryItemOf(path: string): string | null {
  const item = /^\/gallery\/([^/]+)$/.exec(barePath(path))?.[1];
  return item && MEDIA_ID_PATTERN.test(item) ? item : null;
}

/** A page's language-free path, or null when no page of the site has this address. */
export function countedPage(path: string): string | null {
  const bare = barePath(path);
  if ([...publicPagePaths, ...framePagePaths].includes(bare)) return bare;
  return galleryItemOf(bare) ? "/gallery" : null;
}

const withoutWww = (host: string) => host.toLowerCase().replace(/^www\./, "");

/** The referring site's host without "www."; the site's own host is never sent as one. */
export function referrerHost(host: string, ownHost: string): string | "own" {
  const bare = withoutWww(host);
  return bare === withoutWww(ownHost) ? "own" : bare;
}

export function visitorLanguage(acceptLanguage: string | null): string {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  const primary = first.split("-")[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : "";
}

function requestCountry(request: Request): string {
  const country = (request.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX"
    ? country
    : "";
}

export type SeenPage = { path: string; referrer?: string; embedded?: boolean };

/** GPC: counted as a view, never as a visitor, so not even a hash exists, and without a referrer. */
export async function pageViewOf(
  db: Db,
  secret: string,
  request: Request,
  seen: SeenPage,
): Promise<PageView | null> {
  const page = countedPage(seen.path);
  if (!page) return null;
  const { headers } = request;
  const userAgent = headers.get("User-Agent") ?? "";
  const network = clientNetwork(request);
  const day = utcDay();
  const optedOut = headers.get("Sec-GPC") === "1";
  return {
    day,
    visitor: optedOut
      ? null
      : {
          id: await visitorId(db, `${network}\n${userAgent}`, day),
          network: await networkId(db, network, day),
        },
    page,
    referrer:
      seen.referrer && !optedOut
        ? { host: seen.referrer, bucket: await networkBucket(secret, network) }
        : null,
    ...(seen.embedded && { embedded: true }),
    country: requestCountry(request),
    device: deviceClass(userAgent),
    language: visitorLanguage(headers.get("Accept-Language")),
  };
}
