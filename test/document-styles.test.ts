import { describe, expect, test } from "vitest";
import { visit } from "./helpers";

describe("the document's styles", () => {
  test("come inside the page, so its first paint waits for no stylesheet", async () => {
    for (const path of ["/", "/en/about", "/en/gallery", "/en/no-such-page"]) {
      const html = await (await visit(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      // The site's own rules (its colour roles) and the weather panel's icons (CSS masks).
      expect(head, path).toMatch(/<style>[\s\S]*?--color-primary-700:[\s\S]*?<\/style>/);
      expect(head, path).toContain(".icon-mdi-weather-sunny{");
      expect(html, path).not.toContain('rel="stylesheet"');
    }
  });
});
