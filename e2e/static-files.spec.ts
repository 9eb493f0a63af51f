import { securityHeaders } from "#app/.server/http/security-headers.ts";
import { expect, test } from "./fixtures.ts";

test("static files carry the same security headers as pages and the API", async ({ request }) => {
  const page = await (await request.get("/en")).text();
  const script =
    /<script[^>]* src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] ??
    /<link rel="after-first-paint" href="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  expect(script, "a script of the page").toBeTruthy();

  for (const path of ["/favicon.svg", script ?? ""]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    // Served from the static assets: the Worker, which adds Server-Timing to all it answers, never ran.
    expect(headers["server-timing"], path).toBeUndefined();
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
    }
  }
  expect((await request.get(script ?? "")).headers()["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
});
