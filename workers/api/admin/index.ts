import { Hono } from "hono";
import { requireOwner } from "../require-owner";
import type { ApiEnv } from "../types";
import { adminMedia } from "./media";
import { adminStills } from "./stills";
import { uploads } from "./uploads";

export const admin = new Hono<ApiEnv>()
  .use("*", requireOwner)
  .route("/uploads", uploads)
  .route("/media", adminMedia)
  .route("/stills", adminStills);
