import { Hono } from "hono";
import { isbot } from "isbot";
import { z } from "zod";
import { countEvent, countPageView } from "~/.server/analytics/counts";
import { pageViewOf } from "~/.server/analytics/page-view";
import { clientNetwork } from "~/.server/client-address";
import { readBody } from "~/.server/read-body";
import { utcDay } from "~/.server/visitors/visitor-id";
import { beaconEvents } from "~/lib/analytics-events";
import { apiError } from "./errors";
import { rateLimit } from "./rate-limit";
import type { ApiEnv } from "./types";

/** A page view carries its path, never a query. */
const beaconSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("view"),
    path: z
      .string()
      .max(300)
      .regex(/^\/[^?#\s]*$/, "a path without query or fragment"),
    referrer: z.hostname("a host name").optional(),
  }),
  z.object({ type: z.literal("event"), name: z.enum(beaconEvents) }),
]);

const MAX_BODY_BYTES = 1024;

/** sendBeacon posts text/plain: a JSON body without a CORS preflight. */
export const beacon = new Hono<ApiEnv>().post(
  "/",
  rateLimit("BEACON_RATE_LIMIT", (c) => clientNetwork(c.req.raw)),
  async (c) => {
    const request = c.req.raw;

    const body = await readBody(request, MAX_BODY_BYTES);
    if (!body) return apiError(c, 413, "too_large", `A beacon is at most ${MAX_BODY_BYTES} bytes`);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return apiError(c, 400, "invalid_beacon", "The body is not JSON");
    }
    const parsed = beaconSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return apiError(
        c,
        400,
        "invalid_beacon",
        `${issue?.path.join(".") || "body"}: ${issue?.message}`,
      );
    }

    // Crawlers are answered like browsers, so nothing tells them to try harder.
    const userAgent = request.headers.get("User-Agent") ?? "";
    if (userAgent && !isbot(userAgent)) {
      const beacon = parsed.data;
      const db = c.var.db;
      if (beacon.type === "view") await countPageView(db, await pageViewOf(db, request, beacon));
      else await countEvent(db, beacon.name, utcDay());
    }
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  },
);
