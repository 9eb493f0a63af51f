import { Hono } from "hono";
import type { OwnerEnv } from "../require-owner";

/** Uploads of photos and videos to R2 (issue 9). */
export const uploads = new Hono<OwnerEnv>();
