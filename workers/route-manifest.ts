import type { ServerBuild } from "react-router";

/** Route discovery reads one static file per build, named after its manifest's version (ADR 018). */
export const routeManifestPath = (version: string) => `/assets/routes-${version}.json`;

/** Any build's file, as a Hono path: an old tab asks for its own build's. */
export const ANY_ROUTE_MANIFEST = "/assets/:file{routes-[^/]+\\.json}";

/** The build, its pages pointing route discovery at that file instead of `/__manifest`. */
export const withStaticRouteManifest = (build: ServerBuild): ServerBuild => ({
  ...build,
  routeDiscovery: { mode: "lazy", manifestPath: routeManifestPath(build.assets.version) },
});

/** React Router's own answer to a tab of another build: load the document anew. */
export const reloadDocument = () =>
  new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
