import { Hono } from "hono";
import type { OwnerEnv } from "../require-owner";

/** Content management: every item, drafts and hidden ones included (issue 9). */
export const adminMedia = new Hono<OwnerEnv>();
