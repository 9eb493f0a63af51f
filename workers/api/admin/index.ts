import { Hono } from "hono";
import { requireOwner } from "#workers/api/require-owner.ts";
import type { ApiEnv } from "#workers/api/types.ts";
import { adminMedia } from "./media.ts";
import { stillOwnerRoutes } from "./still-owner-routes.ts";
import { uploads } from "./uploads.ts";

export const admin = new Hono<ApiEnv>()
  .use("*", requireOwner)
  .route("/uploads", uploads)
  .route("/media", adminMedia)
  .route("/stills", stillOwnerRoutes);
