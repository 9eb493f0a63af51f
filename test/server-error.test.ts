import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, test, vi } from "vitest";
// @ts-expect-error the built Worker bundle ships no type declarations
import worker from "../build/server/index.js";
import { BROWSER_UA, CRAWLER_UA, ORIGIN } from "./helpers";

const built = worker as ExportedHandler<Env>;

/** The built Worker with a database whose tables were never created: every query fails. */
async function visitWithBrokenDatabase(path: string, userAgent: string) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": userAgent } });
  const fetch = built.fetch;
  if (!fetch) throw new Error("the built Worker has no fetch handler");
  const response = await fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, DB: env.EMPTY_DB },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("server errors", () => {
  test("visitors see the 500 page with code, message and description", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await visitWithBrokenDatabase("/en/about", BROWSER_UA);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(">500<");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Something went wrong on our side");
    expect(html).not.toMatch(/at \S+ \(/); // no stack trace outside development
    expect(logged).toHaveBeenCalled();
  });

  test("crawlers get the status without the error page, and the error is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await visitWithBrokenDatabase("/en/about", CRAWLER_UA);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Error");
    expect(logged).toHaveBeenCalled();
  });

  test("a missing secret fails with a message that names it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const ctx = createExecutionContext();
    const { SESSION_SECRET: _, ...withoutSecret } = env;
    const response = await built.fetch?.(
      new Request(`${ORIGIN}/api/health`) as Request<unknown, IncomingRequestCfProperties>,
      withoutSecret as unknown as Env,
      ctx,
    );
    expect(response?.status).toBe(500);
    expect(await response?.text()).toContain("secret SESSION_SECRET is missing");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET"));
  });
});
