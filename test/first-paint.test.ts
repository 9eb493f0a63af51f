import { describe, expect, test } from "vitest";
import { visit } from "./helpers";
import { sendStill } from "./stills-factory";

describe("the document's first paint", () => {
  test("comes with the page's styles, so it waits for no stylesheet", async () => {
    for (const path of ["/", "/en/about", "/en/gallery", "/en/no-such-page"]) {
      const html = await (await visit(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      // The site's own rules (its colour roles) and the weather panel's icons (CSS masks).
      expect(head, path).toMatch(/<style>[\s\S]*?--color-primary-700:[\s\S]*?<\/style>/);
      expect(head, path).toContain(".icon-mdi-weather-sunny{");
      expect(html, path).not.toContain('rel="stylesheet"');
    }
  });

  test("shares no round trip with the page's scripts: they are preloaded after its pictures", async () => {
    // The live panel's still, the home page's largest picture on a phone, keeps its high priority.
    expect((await sendStill(Date.now())).response.status).toBe(201);
    const home = await (await visit("/")).text();
    expect(home).toMatch(/<img[^>]*src="\/api\/stills\/newest\.jpg[^>]*fetchPriority="high"/);
    for (const path of ["/", "/en/gallery", "/en/no-such-page"]) {
      const html = await (await visit(path)).text();
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const preload of preloads) expect(preload, path).toContain('fetchpriority="low"');
    }
  });
});
