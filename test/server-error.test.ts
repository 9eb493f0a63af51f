import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { expectConsoleError } from "./console-errors";
import { CRAWLER_UA, visitWith } from "./helpers";

/** The built Worker with a database whose tables were never created: every query fails. */
const brokenDatabase = () => ({ ...env, DB: env.EMPTY_DB });

describe("server errors", () => {
  test("visitors see the 500 page with code, message and description", async () => {
    expectConsoleError(/^GET \/en\/about: .*Failed query/);
    const response = await visitWith(brokenDatabase(), "/en/about");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain(">500<");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Something went wrong on our side");
    expect(html).not.toMatch(/at \S+ \(/); // no stack trace outside development
  });

  test("crawlers get the status without the error page, and the error is logged", async () => {
    expectConsoleError(/^GET \/en\/about: .*Failed query/);
    const response = await visitWith(brokenDatabase(), "/en/about", CRAWLER_UA);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Error");
  });

  test("a missing secret fails with a message that names it", async () => {
    expectConsoleError(/secret SESSION_SECRET is missing/);
    const { SESSION_SECRET: _, ...withoutSecret } = env;
    const response = await visitWith(withoutSecret as unknown as Env, "/api/health");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("secret SESSION_SECRET is missing");
  });
});
