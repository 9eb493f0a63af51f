import { isbot } from "isbot";
import type { RequestScope } from "#app/.server/context.ts";
import { pagePath, stripLocale } from "#app/i18n/locales.ts";
import { isFramePath } from "#app/shell/pages.ts";
import { countPageView } from "./counts.ts";
import { pageViewOf } from "./page-view.ts";

const isPrefetch = (headers: Headers) =>
  /prefetch/.test(headers.get("Sec-Purpose") ?? headers.get("Purpose") ?? "");

/**
 * A frame page sends no beacon before its visitor presses Watch live (ADR 023): its view is
 * counted from the document request another site's iframe makes, with that site as referrer.
 */
export function countFrameView(
  request: Request,
  { db, secret, ctx }: Pick<RequestScope, "db" | "ctx"> & { secret: string },
): void {
  const { headers } = request;
  const path = pagePath(new URL(request.url).pathname);
  const userAgent = headers.get("User-Agent") ?? "";
  if (
    request.method !== "GET" ||
    !isFramePath(stripLocale(path)) ||
    headers.get("Sec-Fetch-Dest") !== "iframe" ||
    isPrefetch(headers) ||
    userAgent === "" ||
    isbot(userAgent)
  ) {
    return;
  }
  const referrer = URL.parse(headers.get("Referer") ?? "")?.hostname || undefined;
  ctx.waitUntil(
    pageViewOf(db, secret, request, { path, referrer })
      .then((view) => (view ? countPageView(db, { ...view, embedded: true }) : undefined))
      .catch((error: unknown) => console.error("analytics: could not count an embed view", error)),
  );
}
