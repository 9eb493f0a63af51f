import { useLingui } from "@lingui/react/macro";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { requestScope } from "./.server/context";
import { publicSiteConfig } from "./.server/env";
import { getPublicSettings } from "./.server/settings";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "./components/error-page";
import { MaintenanceGate } from "./components/maintenance-overlay";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/ui/toaster";
import { pagePath, stripLocale } from "./i18n/locales";
import { isChunkLoadError, reloadAfterChunkError, useBuildCheck } from "./lib/build-check";
import { useNonce } from "./lib/nonce";
import { type RootData, useRootData } from "./lib/root-data";
import { themeScript } from "./lib/theme";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestScope);
  const { maintenance } = await getPublicSettings(db);
  const blocked = maintenance && !isAdminPath(new URL(request.url).pathname);
  const body: RootData = { site: publicSiteConfig(config), maintenance: blocked };
  // 503 + Retry-After tells crawlers the overlay is temporary, not the page's content.
  return blocked ? data(body, { status: 503, headers: { "Retry-After": "3600" } }) : body;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function isAdminPath(pathname: string) {
  return stripLocale(pagePath(pathname)) === "/admin";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useLingui();
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
        <meta property="og:site_name" content={t`Lake Garda Live Camera`} />
        <Meta />
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

export default function App() {
  const { maintenance } = useRootData();
  useBuildCheck();
  return (
    <Toaster>
      <MaintenanceGate active={maintenance}>
        <SiteHeader />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </MaintenanceGate>
    </Toaster>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (typeof window !== "undefined" && isChunkLoadError(error)) reloadAfterChunkError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main id="main" className="flex flex-1">
      <ErrorPage status={status} stack={stack} />
    </main>
  );
}
