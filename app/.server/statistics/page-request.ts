import { isbot } from "isbot";
import type { RequestScope } from "#app/.server/context.ts";
import { countView } from "#app/.server/gallery/once-a-day.ts";
import { carriesOnlyLanguageCookie } from "#app/.server/http/visitor-request.ts";
import { pagePath, stripLocale } from "#app/i18n/locales.ts";
import { isFramePath } from "#app/shell/pages.ts";
import { countPageView } from "./counts.ts";
import { galleryItemOf, pageViewOf, referrerHost, type SeenPage } from "./page-view.ts";

const isPrefetch = (headers: Headers) =>
  /prefetch/.test(headers.get("Sec-Purpose") ?? headers.get("Purpose") ?? "");

/** The page a visitor opens with this request: its document, or a navigation's data (ADR 014). */
export function pageOpenedBy(request: Request): SeenPage | null {
  const { headers } = request;
  const userAgent = headers.get("User-Agent") ?? "";
  if (
    request.method !== "GET" ||
    isPrefetch(headers) ||
    userAgent === "" ||
    isbot(userAgent) ||
    !carriesOnlyLanguageCookie(request)
  ) {
    return null;
  }
  const url = new URL(request.url);
  const path = pagePath(url.pathname);
  const framed = isFramePath(stripLocale(path));
  const referer = URL.parse(headers.get("Referer") ?? "");
  if (url.pathname.endsWith(".data")) {
    // A filter, Show more or a form's revalidation reads the page shown again: no new view.
    const samePage = referer && pagePath(referer.pathname) === path;
    return headers.get("Sec-Fetch-Site") === "same-origin" && !framed && !samePage
      ? { path }
      : null;
  }
  const dest = headers.get("Sec-Fetch-Dest");
  const opened = framed
    ? dest === "iframe"
    : dest === "document" && headers.get("Sec-Fetch-Mode") === "navigate";
  if (!opened) return null;
  const host = referer?.hostname && referrerHost(referer.hostname, url.hostname);
  return { path, ...(host && host !== "own" && { referrer: host }), embedded: framed };
}

/** Counted after the answer is sent (ADR 014), so no visitor waits for the statistics. */
export function countPageOpened(
  request: Request,
  seen: SeenPage,
  {
    db,
    secret,
    ctx,
    viewLimit,
  }: Pick<RequestScope, "db" | "ctx"> & { secret: string; viewLimit: RateLimit },
): void {
  ctx.waitUntil(
    pageViewOf(db, secret, request, seen)
      .then((view) => (view ? countPageView(db, view) : undefined))
      .catch((error: unknown) => console.error("analytics: could not count a page view", error)),
  );
  // An item's page is its view too: a GPC browser's counts, as the view it sent once did.
  const item = galleryItemOf(seen.path);
  if (item) {
    ctx.waitUntil(
      countView(db, viewLimit, request, item).catch((error: unknown) =>
        console.error("gallery: could not count a view", error),
      ),
    );
  }
}
