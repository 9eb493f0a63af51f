import { Hono } from "hono";
import { isbot } from "isbot";
import * as z from "zod/mini";
import { clientNetwork } from "#app/.server/http/client-address.ts";
import { readBody } from "#app/.server/http/read-body.ts";
import { utcDay } from "#app/.server/pseudonyms/visitor-id.ts";
import { countEvent, countSpeed } from "#app/.server/statistics/counts.ts";
import { speedReport, vitalsReport } from "#app/features/statistics/speed-report.ts";
import { beaconEvents } from "#app/features/statistics/statistics-events.ts";
import { apiError } from "./errors.ts";
import { rateLimit } from "./rate-limit.ts";
import type { ApiEnv } from "./types.ts";

// Page views are counted from the pages' own requests (ADR 014): a beacon carries an event, a
// sampled live start's speed or a sampled page load's Web Vitals.
const beaconSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("event"), name: z.enum(beaconEvents) }),
  speedReport,
  vitalsReport,
]);

const MAX_BODY_BYTES = 1024;

/** Our origin, named by the browser, and a browser's user agent: crawlers are not counted. */
function sentByOurPage(request: Request): boolean {
  const { headers } = request;
  const userAgent = headers.get("User-Agent") ?? "";
  return (
    headers.get("Sec-Fetch-Site") === "same-origin" &&
    headers.get("Origin") === new URL(request.url).origin &&
    userAgent !== "" &&
    !isbot(userAgent)
  );
}

/** sendBeacon posts text/plain: a JSON body without a CORS preflight. */
export const beaconRoutes = new Hono<ApiEnv>().post(
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

    // What no page of ours sends is answered like the rest, so nothing tells a script what to change.
    if (sentByOurPage(request)) {
      const beacon = parsed.data;
      if (beacon.type === "event") await countEvent(c.var.db, beacon.name, utcDay());
      else await countSpeed(c.var.db, beacon, utcDay());
    }
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  },
);
