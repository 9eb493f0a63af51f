import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
} from "react-router";
import { markPageHydrated } from "~/lib/hydration";
import { requestScope } from "./.server/context";
import { publicSiteConfig } from "./.server/env";
import { getPublicSettings } from "./.server/settings";
import type { Route } from "./+types/root";
import { ErrorPage, PageUnreachable } from "./components/error-page";
import { MaintenanceGate } from "./components/maintenance-overlay";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/ui/toaster";
import { pagePath, stripLocale } from "./i18n/locales";
import { isChunkLoadError, reloadAfterChunkError, useBuildCheck } from "./lib/build-check";
import { isNetworkFailure, wasUnsent } from "./lib/fetch-read";
import { useNonce } from "./lib/nonce";
import { isAdminPath } from "./lib/pages";
import { type RootData, useOptionalRootData } from "./lib/root-data";
import { InlineStylesheet } from "./lib/stylesheet";
import { themeScript } from "./lib/theme";
import { usePageViews } from "./lib/track";

// The server inlines the stylesheet (lib/stylesheet.tsx); in development it also loads as a
// module so that style edits apply without a reload.
if (import.meta.env.DEV) import("./app.css");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestScope);
  const { maintenance } = await getPublicSettings(db);
  const blocked = maintenance && !isAdminPath(stripLocale(pagePath(new URL(request.url).pathname)));
  const body: RootData = { site: publicSiteConfig(config), maintenance: blocked };
  // 503 + Retry-After tells crawlers the overlay is temporary, not the page's content.
  return blocked ? data(body, { status: 503, headers: { "Retry-After": "3600" } }) : body;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useLingui();
  const nonce = useNonce();
  return (
    <html lang={i18n.locale} dir="ltr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, nonced
          dangerouslySetInnerHTML={{ __html: themeScript }}
          // Browsers hide a parsed nonce in varying ways; it is not content to reconcile.
          suppressHydrationWarning
        />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <InlineStylesheet />
        {/* Stylesheets need no nonce (style-src allows self); an empty one hydrates cleanly. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Error pages may come without root data (a failed root loader), so nothing here requires it. */
function Shell({ children }: { children: React.ReactNode }) {
  const root = useOptionalRootData();
  // Effects run children first, so this marks the moment every effect of the first render
  // (timers, listeners) is in place: browser journeys wait for it before touching the clock.
  useEffect(markPageHydrated, []);
  return (
    <Toaster>
      <MaintenanceGate active={root?.maintenance ?? false}>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </MaintenanceGate>
    </Toaster>
  );
}

/** After a form that never reached the site (offline), there is nothing new to read, and offline it would fail. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return !wasUnsent(actionResult) && defaultShouldRevalidate;
}

export default function App() {
  useBuildCheck();
  usePageViews();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const path = useLocation().pathname;
  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadAfterChunkError();
  if (isNetworkFailure(error)) {
    return (
      <Shell>
        <PageUnreachable />
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // Spec §2: a route that refuses its parameters is the fatal "Page Not Found: {path}".
  const message = status === 404 ? t`Page Not Found: ${path}` : t`Internal Server Error`;
  return (
    <Shell>
      <ErrorPage status={status} message={message} stack={stack} />
    </Shell>
  );
}
