import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { DATABASE_BUSY_RETRY_AFTER, isDatabaseBusy } from "#app/.server/db/busy.ts";
import { adminRoutes } from "#workers/api/admin/index.ts";
import { archiveRoutes } from "./archive-routes.ts";
import { beaconRoutes } from "./beacon-routes.ts";
import { buildRoutes } from "./build-routes.ts";
import { apiError } from "./errors.ts";
import { filesRoutes } from "./files-routes.ts";
import { galleryRoutes } from "./gallery-routes.ts";
import { healthRoutes } from "./health-routes.ts";
import { ingestRoutes } from "./ingest-routes.ts";
import { liveStreamRoutes } from "./live-stream-routes.ts";
import { localeRoutes } from "./locale-routes.ts";
import { oembedRoutes } from "./oembed-routes.ts";
import { openApiRoutes } from "./openapi-routes.ts";
import { settingsRoutes } from "./settings-routes.ts";
import type { ApiEnv } from "./types.ts";
import { weatherRoutes } from "./weather-routes.ts";

export const api = new Hono<ApiEnv>()
  .route("/health", healthRoutes)
  .route("/build", buildRoutes)
  .route("/settings", settingsRoutes)
  .route("/locale", localeRoutes)
  .route("/media", galleryRoutes)
  .route("/files", filesRoutes)
  .route("/stills", archiveRoutes)
  .route("/weather", weatherRoutes)
  .route("/stream", liveStreamRoutes)
  .route("/oembed", oembedRoutes)
  .route("/ingest", ingestRoutes)
  .route("/admin", adminRoutes)
  .route("/beacon", beaconRoutes)
  .route("/openapi.json", openApiRoutes)
  // Without this, unknown /api paths would fall through to the pages' 404.
  .all("*", (c) => apiError(c, 404, "not_found", `No API route for ${c.req.method} ${c.req.path}`))
  .onError((error, c) => {
    if (error instanceof HTTPException) {
      return apiError(c, error.status, "http_error", error.message);
    }
    if (isDatabaseBusy(error)) {
      console.error(`api: the database is busy (${c.req.method} ${c.req.path})`);
      c.header("Retry-After", DATABASE_BUSY_RETRY_AFTER);
      return apiError(c, 503, "database_busy", "The database is busy; try again shortly");
    }
    console.error("api: unhandled error", error);
    return apiError(c, 500, "internal_error", "Internal Server Error");
  });
