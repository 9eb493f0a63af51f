import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { DATABASE_BUSY_RETRY_AFTER, isDatabaseBusy } from "~/.server/db/busy";
import { admin } from "./admin";
import { beacon } from "./beacon";
import { build } from "./build";
import { apiError } from "./errors";
import { files } from "./files";
import { health } from "./health";
import { ingest } from "./ingest";
import { locale } from "./locale";
import { mediaApi } from "./media";
import { settings } from "./settings";
import { stillPictures } from "./stills";
import { stream } from "./stream";
import type { ApiEnv } from "./types";
import { weather } from "./weather";

export const api = new Hono<ApiEnv>()
  .route("/health", health)
  .route("/build", build)
  .route("/settings", settings)
  .route("/locale", locale)
  .route("/media", mediaApi)
  .route("/files", files)
  .route("/stills", stillPictures)
  .route("/weather", weather)
  .route("/stream", stream)
  .route("/ingest", ingest)
  .route("/admin", admin)
  .route("/beacon", beacon)
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
