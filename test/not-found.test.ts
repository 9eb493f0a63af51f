import { describe, expect, test } from "vitest";
import { visit } from "./helpers.ts";

describe("not-found page", () => {
  test("any unknown path, at any depth, is a 404 page with a link home", async () => {
    for (const [path, home, text] of [
      ["/no-such-page", 'href="/"', "Seite nicht gefunden"],
      ["/en/a/b/c/d", 'href="/en"', "Page Not Found"],
      ["/it/galleria", 'href="/it"', "Pagina non trovata"],
      ["/xx/about", 'href="/"', "Seite nicht gefunden"],
    ] as const) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain(text);
      expect(html, path).toContain(home);
    }
  });
});
