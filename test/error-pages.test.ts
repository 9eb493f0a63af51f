import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { expectConsoleError } from "./console-errors.ts";
import { ORIGIN, visit, visitWith } from "./helpers.ts";

const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
function expectShell(html: string, path: string) {
  expect(html, path).toMatch(/<header[\s>]/);
  expect(html, path).toMatch(/<footer[\s>]/);
  expect(html, path).toContain('id="footer-legal"');
  // The error page's code loads in the browser only when it shows; its HTML is in place, whole.
  expect(html, path).not.toContain("<template");
}

describe("error pages keep the site around them", () => {
  test("an unknown address names itself: 'Page not found: {path}'", async () => {
    for (const [path, heading] of [
      ["/en/a/b/c", "Page not found: /en/a/b/c"],
      ["/gibt-es-nicht", "Seite nicht gefunden: /gibt-es-nicht"],
    ] as const) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(h1Of(html), path).toBe(heading);
      expectShell(html, path);
    }
  });

  test("a gallery item that does not exist is a 404 inside the site, naming the path", async () => {
    const response = await visit("/en/gallery/nosuchitem1");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(h1Of(html)).toBe("Page Not Found: /en/gallery/nosuchitem1");
    expect(html).toContain("does not exist or has been moved");
    expectShell(html, "/en/gallery/nosuchitem1");
  });

  test("other statuses keep their code with the 'Internal Server Error' wording", async () => {
    // A page without an action answers a form post with 405.
    const response = await visit("/en/about", {
      method: "POST",
      body: new URLSearchParams({ x: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain(">405<");
    expect(h1Of(html)).toBe("Internal Server Error");
    expectShell(html, "/en/about");
  });

  test("a server error keeps the shell even when the root's data could not load", async () => {
    // The root loader and the gallery loader each fail on the missing tables.
    expectConsoleError(/^GET \/en\/gallery: /);
    const response = await visitWith({ ...env, DB: env.EMPTY_DB }, "/en/gallery");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(h1Of(html)).toBe("Internal Server Error");
    expectShell(html, "/en/gallery");
  });
});
