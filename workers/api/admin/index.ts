import { Hono } from "hono";
import { requireOwner } from "../require-owner";
import type { ApiEnv } from "../types";
import { adminMedia } from "./media";
import { uploads } from "./uploads";

/** The owner's API: one guard in front of every route (cross-site writes never get here). */
export const admin = new Hono<ApiEnv>()
  .use("*", requireOwner)
  .route("/uploads", uploads)
  .route("/media", adminMedia);
