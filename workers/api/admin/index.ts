import { Hono } from "hono";
import { requireOwner } from "#workers/api/require-owner.ts";
import type { ApiEnv } from "#workers/api/types.ts";
import { contentRoutes } from "./content-routes.ts";
import { dayPickRoutes } from "./day-pick-routes.ts";
import { stillOwnerRoutes } from "./still-owner-routes.ts";
import { uploadsRoutes } from "./uploads-routes.ts";

export const adminRoutes = new Hono<ApiEnv>()
  .use("*", requireOwner)
  .route("/uploads", uploadsRoutes)
  .route("/media", contentRoutes)
  .route("/stills", stillOwnerRoutes)
  .route("/days", dayPickRoutes);
