import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect } from "react";
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
import { requestScope } from "#app/.server/context.ts";
import { publicSiteConfig } from "#app/.server/env.ts";
import { getPublicSettings } from "#app/.server/settings.ts";
import { cameraPlace, jsonLd, siteOf, webSite } from "#app/.server/structured-data.ts";
import { InlineStylesheet } from "#app/components/shell/inline-stylesheet.tsx";
import { JsonLd } from "#app/components/shell/json-ld.tsx";
import { MaintenanceGate } from "#app/components/shell/maintenance-gate.tsx";
import { PageUnreachable } from "#app/components/shell/page-unreachable.tsx";
import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { SiteHeader } from "#app/components/shell/site-header.tsx";
import { reportWebVitals } from "#app/components/statistics/report-usage.ts";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { loadPageCatalog } from "#app/i18n/load-messages.ts";
import { pagePath, stripLocale } from "#app/i18n/locales.ts";
import { isNetworkFailure, wasUnsent } from "#app/lib/fetch-read.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { isChunkLoadError, reloadAfterChunkError, useBuildCheck } from "#app/shell/build-check.ts";
import { useIsFramePage } from "#app/shell/frame-page.ts";
import { markPageHydrated } from "#app/shell/page-hydrated.ts";
import { isAdminPath } from "#app/shell/pages.ts";
import { type RootData, useOptionalRootData } from "#app/shell/root-data.ts";
import { themeScript } from "#app/shell/theme.ts";
import type { Route } from "./+types/root";

// Loaded when an error shows (entry.server sends such a page whole); PageUnreachable ships with every page.
const ErrorPage = lazy(() =>
  import("#app/components/shell/error-page.tsx").then((module) => ({ default: module.ErrorPage })),
);

// The server inlines the stylesheet; in development it loads as a module too, for hot edits.
if (import.meta.env.DEV) import("./app.css");

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(requestScope);
  const { config, db } = scope;
  const { maintenance } = await getPublicSettings(db);
  const admin = isAdminPath(stripLocale(pagePath(new URL(request.url).pathname)));
  const blocked = maintenance && !admin;
  const site = siteOf(scope);
  const body: RootData = {
    site: publicSiteConfig(config),
    maintenance: blocked,
    jsonLd: admin ? null : jsonLd([webSite(site), cameraPlace(site)]),
  };
  // 503 + Retry-After tells crawlers the overlay is temporary, not the page's content.
  return blocked ? data(body, { status: 503, headers: { "Retry-After": "3600" } }) : body;
}

// A page's catalog loads beside the navigation's one data request (ADR 003).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    const [, results] = await Promise.all([loadPageCatalog(new URL(request.url).pathname), next()]);
    return results;
  },
];

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { i18n } = useLingui();
  const nonce = useNonce();
  const frame = useIsFramePage();
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
        <JsonLd json={useOptionalRootData()?.jsonLd} />
        <InlineStylesheet />
        {/* Stylesheets need no nonce (style-src allows self); an empty one hydrates cleanly. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        {/* A frame page keeps nothing on the visitor's device (its scroll is the host's). */}
        {frame ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useOptionalRootData();
  // Children's effects run first, so the mark says every first-render effect is in place.
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

/** A form that never reached the site (offline) leaves nothing new to read. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return !wasUnsent(actionResult) && defaultShouldRevalidate;
}

/** A sampled page load of the public site reports its Web Vitals (ADR 014); the owner's do not. */
function useWebVitalsSample() {
  const percent = useOptionalRootData()?.site.speedSamplePercent ?? 0;
  useEffect(() => {
    if (!isAdminPath(stripLocale(window.location.pathname))) reportWebVitals(percent);
  }, [percent]);
}

function SitePage() {
  useBuildCheck();
  useWebVitalsSample();
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page for other sites' frames brings its own few parts; the Worker counts its views. */
function FramePage() {
  useEffect(markPageHydrated, []);
  return <Outlet />;
}

export default function App() {
  return useIsFramePage() ? <FramePage /> : <SitePage />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  const path = useLocation().pathname;
  const chunkMissing = typeof window !== "undefined" && isChunkLoadError(error);
  // Offline, a missing chunk is the network's (Firefox's and Safari's messages say nothing of it).
  if (chunkMissing) reloadAfterChunkError();
  if (isNetworkFailure(error) || (chunkMissing && !navigator.onLine)) {
    return (
      <Shell>
        <PageUnreachable />
      </Shell>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const message = status === 404 ? t`Page Not Found: ${path}` : t`Internal Server Error`;
  return (
    <Shell>
      <Suspense>
        <ErrorPage status={status} message={message} stack={stack} />
      </Suspense>
    </Shell>
  );
}
