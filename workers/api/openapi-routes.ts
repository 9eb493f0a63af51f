import { Hono } from "hono";
import { openApiDocument } from "./openapi.ts";
import type { ApiEnv } from "./types.ts";

let document: string | undefined;

export const openApiRoutes = new Hono<ApiEnv>().get("/", (c) => {
  document ??= JSON.stringify(openApiDocument(__BUILD_ID__));
  return c.body(document, 200, {
    "Content-Type": "application/json",
    "Cache-Control": "public, max-age=3600",
  });
});
