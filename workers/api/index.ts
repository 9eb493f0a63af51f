import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { DATABASE_BUSY_RETRY_AFTER, isDatabaseBusy } from "#app/.server/db/busy.ts";
import { admin } from "#workers/api/admin/index.ts";
import { archiveRoutes } from "./archive-routes.ts";
import { beaconRoutes } from "./beacon-routes.ts";
import { build } from "./build.ts";
import { apiError } from "./errors.ts";
import { files } from "./files.ts";
import { galleryRoutes } from "./gallery-routes.ts";
import { health } from "./health.ts";
import { ingest } from "./ingest.ts";
import { liveStreamRoutes } from "./live-stream-routes.ts";
import { locale } from "./locale.ts";
import { settings } from "./settings.ts";
import type { ApiEnv } from "./types.ts";
import { weather } from "./weather.ts";

export const api = new Hono<ApiEnv>()
  .route("/health", health)
  .route("/build", build)
  .route("/settings", settings)
  .route("/locale", locale)
  .route("/media", galleryRoutes)
  .route("/files", files)
  .route("/stills", archiveRoutes)
  .route("/weather", weather)
  .route("/stream", liveStreamRoutes)
  .route("/ingest", ingest)
  .route("/admin", admin)
  .route("/beacon", beaconRoutes)
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
