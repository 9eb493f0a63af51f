import { I18nProvider } from "@lingui/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { requestScope } from "#app/.server/context.ts";
import { DATABASE_BUSY_RETRY_AFTER, isDatabaseBusy } from "#app/.server/db/busy.ts";
import {
  startScriptsAfterFirstPaint,
  startScriptsOnPress,
} from "#app/.server/http/late-scripts.ts";
import { stylesheet } from "#app/.server/http/stylesheet.ts";
import { StylesheetContext } from "#app/components/shell/inline-stylesheet.tsx";
import { NonceContext } from "#app/lib/nonce.ts";
import { isFrameHandle } from "#app/shell/frame-page.ts";

export const streamTimeout = 5_000;

// handleError sees a busy database's error before the render hides it.
const databaseBusy = new WeakSet<Request>();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (databaseBusy.has(request)) {
    // Thrown, the 503 makes React Router render the error page and call this again with it.
    if (responseStatusCode !== 503) throw new Response(null, { status: 503 });
    responseHeaders.set("Retry-After", DATABASE_BUSY_RETRY_AFTER);
  }
  const userAgent = request.headers.get("User-Agent") ?? "";
  const bot = isbot(userAgent);
  // Crawlers never see the error page (spec §2): they get the status and a bare line.
  if (bot && routerContext.staticHandlerContext.errors) {
    const retryAfter = responseHeaders.get("Retry-After");
    return new Response(responseStatusCode === 404 ? "Not Found" : "Error", {
      status: responseStatusCode,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...(retryAfter ? { "Retry-After": retryAfter } : {}),
      },
    });
  }
  // A HEAD gets the headers its GET would (the Worker adds the CSP to HTML), without the render.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const { nonce, i18n } = loadContext.get(requestScope);
  let shellRendered = false;
  // Error pages and the overlay load their code lazily: such a page, and a crawler's, is sent whole, not revealed by a script.
  const whole = bot || routerContext.isSpaMode || responseStatusCode !== 200;

  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <StylesheetContext value={stylesheet}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </StylesheetContext>
    </NonceContext>,
    {
      nonce,
      progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  if (whole) await body.allReady;

  const page = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  return isFramePage(routerContext) ? startScriptsOnPress(page) : startScriptsAfterFirstPaint(page);
}

function isFramePage({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return staticHandlerContext.matches.some((match) =>
    isFrameHandle(routeModules[match.route.id]?.handle),
  );
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseBusy(error)) databaseBusy.add(request);
  if (error instanceof Response && databaseBusy.has(request)) return;
  // Client errors (a 404, a post to a page without a form) are part of browsing, not incidents.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(`${request.method} ${new URL(request.url).pathname}:`, error);
};
