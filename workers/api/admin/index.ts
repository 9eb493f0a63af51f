import { Hono } from "hono";
import { requireOwner } from "#workers/api/require-owner.ts";
import type { ApiEnv } from "#workers/api/types.ts";
import { contentRoutes } from "./content-routes.ts";
import { stillOwnerRoutes } from "./still-owner-routes.ts";
import { uploads } from "./uploads.ts";

export const admin = new Hono<ApiEnv>()
  .use("*", requireOwner)
  .route("/uploads", uploads)
  .route("/media", contentRoutes)
  .route("/stills", stillOwnerRoutes);
