import { describe, expect, test } from "vitest";
import { visit } from "./helpers.ts";

describe("security headers", () => {
  test("pages carry a nonce CSP that matches every script and changes per response", async () => {
    const first = await visit("/");
    const second = await visit("/");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(second.headers.get("Content-Security-Policy")).not.toContain(`'nonce-${nonce}'`);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  test("every response, API included, gets the baseline headers", async () => {
    for (const path of ["/", "/api/health", "/api/missing"]) {
      const response = await visit(path);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    }
  });

  test("a HEAD for a page answers with the headers of its GET, and no body", async () => {
    // Only the nonce and the render's own timing differ from one response to the next.
    const comparable = (response: Response) =>
      [...response.headers]
        .filter(([name]) => name !== "server-timing")
        .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce-…'")]);
    for (const path of ["/", "/en/about", "/en/archive", "/en/contact", "/en/no-such-page"]) {
      const get = await visit(path);
      await get.body?.cancel();
      const head = await visit(path, { method: "HEAD" });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get("Content-Type"), path).toBe("text/html; charset=utf-8");
      expect(head.headers.get("Content-Security-Policy"), path).toContain("'nonce-");
      expect(comparable(head), path).toEqual(comparable(get));
      expect(await head.text(), path).toBe("");
    }
  });

  test("unknown API routes answer with the JSON error shape", async () => {
    const response = await visit("/api/missing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: "not_found", message: "No API route for GET /api/missing" },
    });
  });
});
