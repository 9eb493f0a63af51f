import { Hono } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { createWorkerScope, type RequestScope, requestScope } from "#app/.server/context.ts";
import { ConfigError } from "#app/.server/env.ts";
import { isSameOriginRequest } from "#app/.server/http/same-origin.ts";
import {
  contentSecurityPolicy,
  createNonce,
  securityHeaders,
} from "#app/.server/http/security-headers.ts";
import { mediaOrigin, WORKER_MEDIA_PATH } from "#app/.server/media-host/public-url.ts";
import { serverMessages } from "#app/.server/messages.ts";
import { countPageOpened, pageOpenedBy } from "#app/.server/statistics/page-request.ts";
import { countInvocation, countUsageWhenDue } from "#app/.server/usage-days.ts";
import { newUsageMeter, usageTiming } from "#app/.server/usage-meter.ts";
import { createI18n } from "#app/i18n/catalogs.ts";
import { pagePath, requestLocale, stripLocale } from "#app/i18n/locales.ts";
import { isFramePath } from "#app/shell/pages.ts";
import { apiError } from "#workers/api/errors.ts";
import { api } from "#workers/api/index.ts";
import { runScheduled } from "#workers/cron/index.ts";
import { lowercasePathRedirect, rootLocaleRedirect } from "./locale-redirect.ts";
import { mediaHostRoutes } from "./media-host-routes.ts";
import {
  ANY_ROUTE_MANIFEST,
  reloadDocument,
  routeManifestPath,
  withStaticRouteManifest,
} from "./route-manifest.ts";
import { sharedPage } from "./shared-pages.ts";

type AppEnv = {
  Bindings: Env;
  Variables: Omit<RequestScope, "env" | "ctx">;
};

const serverBuild = () => import("virtual:react-router/server-build").then(withStaticRouteManifest);
// Given a function, React Router rebuilds its route tables every request (for Vite's reloads);
// a built Worker hands it the build once, loaded with the first page. The handler is kept, not
// its promise: a cold isolate's first requests each wait on their own import, never on another
// request's pending promise (workerd ties those to the request that made them; ADR 019).
let builtHandler: RequestHandler | undefined;
const handleDocument: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(serverBuild, import.meta.env.MODE)
  : async (request, context) => {
      builtHandler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE);
      return builtHandler(request, context);
    };

const app = new Hono<AppEnv>();

app.use("*", async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  const meter = newUsageMeter();
  const { env, config, db } = createWorkerScope(c.env, c.executionCtx, [meter, countInvocation()]);
  c.env = env;
  c.set("config", config);
  c.set("db", db);
  const locale = requestLocale(new URL(c.req.url), c.req.raw.headers);
  c.set("locale", locale);
  c.set("i18n", createI18n(locale, serverMessages[locale]));
  await next();
  // A WebSocket upgrade (the camera box) must reach the client untouched.
  if (c.res.status === 101) return;
  // Responses from fetch() or caches can have immutable headers: copy before adding ours.
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(securityHeaders)) c.res.headers.set(name, value);
  c.res.headers.append("Server-Timing", usageTiming(meter));
  c.executionCtx.waitUntil(countUsageWhenDue(db));
  if (c.res.headers.get("Content-Type")?.startsWith("text/html")) {
    const framed = isFramePath(stripLocale(pagePath(new URL(c.req.url).pathname)));
    if (framed) c.res.headers.delete("X-Frame-Options");
    c.res.headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, import.meta.env.DEV, framed, mediaOrigin(config)),
    );
  }
});

// Every write (page actions, the API) comes from our own pages or from a non-browser client.
app.use("*", async (c, next) => {
  if (isSameOriginRequest(c.req.raw)) return next();
  return apiError(c, 403, "cross_site", "Cross-site requests are not accepted");
});

app.route("/api", api);
app.route(WORKER_MEDIA_PATH, mediaHostRoutes);

// The build's own file is a static asset; it reaches the Worker only under `npm run dev`.
app.get(ANY_ROUTE_MANIFEST, async (c, next) => {
  const { assets } = await serverBuild();
  return c.req.path === routeManifestPath(assets.version) ? next() : reloadDocument();
});
// React Router's default path: only a tab of a build from before the static file asks it.
app.get("/__manifest", reloadDocument);

app.all("*", async (c) => {
  const redirect = lowercasePathRedirect(c.req.raw) ?? rootLocaleRedirect(c.req.raw);
  if (redirect) return redirect;
  const context = new RouterContextProvider();
  context.set(requestScope, {
    env: c.env,
    ctx: c.executionCtx,
    config: c.var.config,
    db: c.var.db,
    nonce: c.var.nonce,
    locale: c.var.locale,
    i18n: c.var.i18n,
  });
  const { nonce, config, db } = c.var;
  const response = await sharedPage(
    c.req.raw,
    { nonce, seconds: config.SHARED_PAGE_SECONDS, ctx: c.executionCtx },
    () => handleDocument(c.req.raw, context),
  );
  // A page view is the page's own request (ADR 014), a shared copy's too.
  const opened = response.status === 200 && pageOpenedBy(c.req.raw);
  if (opened) {
    countPageOpened(c.req.raw, opened, {
      db,
      secret: config.SESSION_SECRET,
      ctx: c.executionCtx,
      viewLimit: c.env.MEDIA_RATE_LIMIT,
    });
  }
  return response;
});

app.onError((error, c) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    return c.text(error.message, 500);
  }
  console.error("worker: unhandled error", error);
  return c.text("Internal Server Error", 500);
});

export { CameraStream } from "#workers/durable-objects/camera-stream.ts";
export { LoginGuard } from "#workers/durable-objects/login-guard.ts";
export { StatsBuffer } from "#workers/durable-objects/stats-buffer.ts";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(runScheduled(controller, env, ctx)),
} satisfies ExportedHandler<Env>;
